// SPDX-License-Identifier: GPL-2.0
/*
 * A results.csv, read row by row (struct csv over the one reader, lines.c):
 * every row is held to the input contract (contract.c) as it is read, a
 * variant's old name is read as its new one, and a boot with mitigations
 * off names a kernel of its own.
 */
#include "internal.h"

void csv_open(struct csv *c, const char *name)
{
	memset(c, 0, sizeof(*c));
	lb_open(&c->in, name, NULL, "<stdin>");
	c->in.text = 1;
}

/*
 * Next data row into c->fld; 0 at EOF.  Every line is checked against the
 * contract (contract.c); the first thing wrong ends the program, naming the file,
 * the line and the column.
 */
int csv_next(struct csv *c)
{
	ssize_t len;

	while ((len = lb_next(&c->in)) > 0) {
		if (c->in.lineno == 1 && !strncmp(c->in.line, "\xef\xbb\xbf", 3))
			die("%s:1:1: a UTF-8 byte-order mark (BOM) before the header: refusing the file (valid: plain text, no BOM)",
			    c->in.name);
		if (c->in.line[len - 1] == '\n')
			c->in.line[--len] = 0;
		no_cr(c, c->in.line);
		if (!c->in.line[0])
			continue;
		if (!c->hdr) {
			csv_header(c);
			c->cw = csv_col(c, "workload");
			c->cv = csv_col(c, "variant");
			c->ck = csv_col(c, "kernel");
			c->cm = csv_col(c, "mitigations");
			continue;
		}
		if (!strcmp(c->in.line, c->hdr_line))
			continue; /* repeated header (files concatenated) */
		c->nf = split(c->in.line, c->fld);
		if (c->nf != c->nh) {
			if (c->nf > c->nh || c->nf < 0)
				die("%s:%ld: %d fields, the header has %d: too many (a field beyond column %s)",
				    c->in.name, c->in.lineno, c->nf < 0 ? MAX_FIELDS : c->nf, c->nh,
				    c->hname[c->nh - 1]);
			die("%s:%ld: %d fields, the header has %d: columns %s to %s missing",
			    c->in.name, c->in.lineno, c->nf, c->nh, c->hname[c->nf],
			    c->hname[c->nh - 1]);
		}
		csv_check_row(c);
		c->nrows++;
		row_identity(c);
		if (!c->keep_names && c->cw >= 0 && c->cv >= 0)
			c->fld[c->cv] = renamed(c->fld[c->cw], c->fld[c->cv]);
		/* a boot with mitigations=off: a kernel of its own (kernel_id) */
		c->kraw = c->ck >= 0 ? c->fld[c->ck] : NULL;
		if (!c->keep_names && c->ck >= 0 && c->cm >= 0 && c->fld[c->ck][0])
			c->fld[c->ck] = kernel_id(c->fld[c->ck], c->fld[c->cm], c->kid, sizeof(c->kid));
		return 1;
	}
	lb_read_error(&c->in);
	if (!c->hdr)
		die("%s: empty: no header line, no rows", c->in.name);
	return 0;
}

void csv_close(struct csv *c)
{
	lb_close(&c->in);
	free(c->hdr);
	free(c->hdr_line);
	for (size_t i = 0; i < c->ids.n; i++)
		free(c->ids.keys[i]);
	free(c->ids.keys);
	free(c->ids.slot);
	free(c->idline);
}

/* Parse a number; 0 = empty/absent, 1 = ok; dies on garbage. */
int num(const struct csv *c, int col, const char *what, double *out)
{
	const char *s;
	char *end;

	if (col < 0)
		return 0;
	s = c->fld[col];
	if (!*s)
		return 0;
	errno = 0;
	*out = strtod(s, &end);
	if (*end || errno || !isfinite(*out))
		die("%s:%ld: %s: not a number: '%s'", c->in.name, c->in.lineno, what, s);
	return 1;
}
