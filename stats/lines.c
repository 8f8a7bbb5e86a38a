// SPDX-License-Identifier: GPL-2.0
/*
 * The one reader.  Every input of lbstats (results.csv, meta.txt, a run's
 * vocab.csv, the lines of compare, power and sections) is read line by line
 * through struct lb_file; a results.csv through struct csv (csv.c) on top
 * of it.
 */
#include "internal.h"

/*
 * Open path for reading.  name: what messages call it (NULL: the path).
 * stdin_name: "-" is standard input, called that (NULL: "-" is a file).
 */
void lb_open(struct lb_file *r, const char *path, const char *name, const char *stdin_name)
{
	memset(r, 0, sizeof(*r));
	r->name = name ? name : path;
	if (stdin_name && !strcmp(path, "-")) {
		r->f = stdin;
		r->name = stdin_name;
		return;
	}
	r->f = fopen(path, "r");
	if (!r->f)
		die("%s: %s", r->name, strerror(errno));
}

/* The next line into r->line, its newline kept: its length, 0 at the end. */
ssize_t lb_next(struct lb_file *r)
{
	ssize_t len = getline(&r->line, &r->cap, r->f);

	if (len <= 0)
		return 0;
	r->lineno++;
	if (r->text && (size_t)len != strlen(r->line))
		die("%s:%ld: a NUL byte: not a text file", r->name, r->lineno);
	return len;
}

/* After the last line: a read error is no end of file. */
void lb_read_error(const struct lb_file *r)
{
	if (ferror(r->f))
		die("%s: read error", r->name);
}

void lb_close(struct lb_file *r)
{
	if (r->f != stdin)
		fclose(r->f);
	free(r->line);
}

/* Split s at its commas into out[] (at most MAX_FIELDS): their count, -1 for more. */
int split(char *s, char **out)
{
	int n = 0;

	for (;;) {
		if (n == MAX_FIELDS)
			return -1;
		out[n++] = s;
		s = strchr(s, ',');
		if (!s)
			return n;
		*s++ = 0;
	}
}
