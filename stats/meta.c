// SPDX-License-Identifier: GPL-2.0
/*
 * meta.txt: the run's record (runners/sweep), and its own contract.
 * KEY=VALUE lines.  Refused, naming the file, the line and the key: a NUL
 * byte, a byte-order mark, a carriage return (CRLF), a line without KEY=, a
 * key given twice (the same value: a duplicate; another: a contradiction),
 * and a value outside its key's domain (meta_domain).  Then checked against
 * the rows (meta_rows): accel, vcpus and rows must not disagree with them.
 */
#include "internal.h"

/* KEY's value; NULL when absent or empty (an empty value records nothing) */
const char *meta_get(const struct meta *m, const char *key)
{
	long i = map_find(&m->keys, key);

	return i < 0 || !m->val[i][0] ? NULL : m->val[i];
}

/* every space-separated word of s passes ok(word) (and there is one) */
static int all_words(const char *s, int (*ok)(const char *word))
{
	char w[256];
	int n = 0;

	while (*s) {
		size_t l = strcspn(s, " ");

		if (l) {
			if (l >= sizeof(w))
				return 0;
			memcpy(w, s, l);
			w[l] = 0;
			if (!ok(w))
				return 0;
			n++;
		}
		s += l + (s[l] == ' ');
	}
	return n > 0;
}

static int w_count(const char *s) { return is_decimal(s, 1) && strlen(s) < 16; }
static int w_pos(const char *s) { return w_count(s) && strtod(s, NULL) > 0; }
static int w_accel(const char *s) { return in_words(accel_words, s) || !strcmp(s, "unknown"); }
static int w_preempt(const char *s) { return in_words(preempt_words, s); }
static int w_exit(const char *s) { return !strcmp(s, "none") || (w_count(s) && atoi(s) < 256); }
static int w_01(const char *s) { return !strcmp(s, "0") || !strcmp(s, "1"); }
static int w_runs(const char *s) { return w_pos(s) || !strcmp(s, "auto"); }
static int w_secs(const char *s) { return is_decimal(s, 0) && strlen(s) < 16; }
static int w_preempt_u(const char *s) { return w_preempt(s) || !strcmp(s, "unknown"); }
/* rounds: N, or ACCEL:N per accelerator of a run under several */
static int w_rounds(const char *s)
{
	const char *c = strchr(s, ':');
	char a[32];

	if (!c)
		return w_pos(s);
	if ((size_t)(c - s) >= sizeof(a))
		return 0;
	memcpy(a, s, c - s);
	a[c - s] = 0;
	return in_words(accel_words, a) && w_pos(c + 1);
}

static const struct {
	const char *key;	/* the key, or (leading '.') a suffix of TAG.KEY, or (trailing '.') a prefix */
	int (*ok)(const char *word);
	int list;		/* a space-separated list of such words */
	const char *valid;	/* ACCELS: the accelerators' names (accels.h) */
} meta_keys[] = {
	{ "rows", w_count, 0, "a number of rows: 0, 1, 2, ..." },
	{ "failed_boots", w_count, 0, "0, 1, 2, ..." },
	{ "incomplete", w_01, 0, "0 or 1" },
	{ "runs", w_runs, 0, "1, 2, 3, ... or auto" },
	{ "rounds", w_rounds, 1, "1, 2, 3, ..., or ACCEL:N per accelerator" },
	{ "duration_ms", w_pos, 0, "1, 2, 3, ..." },
	{ "wall_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ "host_cpus", w_pos, 0, "1, 2, 3, ..." },
	{ "vcpus", w_pos, 1, "vCPU counts: 1, 2, ..., space-separated" },
	{ "accel", w_accel, 1, "ACCELS (or unknown), space-separated" },
	{ "perf", w_01, 0, "0 or 1" },
	{ "pinning", w_01, 1, "0 or 1, one per accelerator" },
	{ ".exit", w_exit, 0, "an exit status 0 to 255, or none" },
	{ ".vcpus", w_pos, 0, "1, 2, 3, ..." },
	{ ".boot.accel", w_accel, 0, "ACCELS" },
	{ ".preempt", w_preempt_u, 0, "none voluntary full lazy rt, or unknown" },
	{ ".expected_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".timeout_s", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".boot.wall_s", w_secs, 0, "seconds: 0, 12, 12.34" },
	{ "build_s.", w_count, 0, "0, 1, 2, ... seconds" },
	{ ".configs", w_count, 0, "0, 1, 2, ... configurations" },
	{ ".runs", w_pos, 0, "1, 2, 3, ... runs" },
};

static void meta_domain(const struct meta *m, size_t i)
{
	const char *k = m->keys.keys[i], *v = m->val[i];
	const char *valid;
	char names[256];

	for (size_t j = 0; j < ARRAY_SIZE(meta_keys); j++) {
		const char *p = meta_keys[j].key;
		size_t pl = strlen(p);
		int hit = p[0] == '.' ? ends_with(k, p) && strlen(k) > pl :
			  p[pl - 1] == '.' ? !strncmp(k, p, pl) : !strcmp(k, p);

		if (!hit)
			continue;
		/* an empty value records nothing (a boot that never ran) */
		if (!*v || (meta_keys[j].list ? all_words(v, meta_keys[j].ok) : meta_keys[j].ok(v)))
			return;
		valid = meta_keys[j].valid;
		if (!strncmp(valid, "ACCELS", 6)) {
			words_str(accel_words, names, sizeof(names));
			die("%s:%ld: key %s: '%.80s': not in its domain (valid: %s%s)", m->name,
			    m->line[i], k, v, names, valid + 6);
		}
		die("%s:%ld: key %s: '%.80s': not in its domain (valid: %s)", m->name, m->line[i], k,
		    v, valid);
	}
}

/*
 * The record agrees with itself: a run that says it finished
 * (incomplete=0) has every planned boot (boots=, less skipped.TAG) ended
 * with exit 0.  A contradiction is refused, naming both lines.
 */
static void meta_consistent(const struct meta *m)
{
	const char *inc = meta_get(m, "incomplete"), *boots = meta_get(m, "boots");
	char *list, *tok, *save;

	if (!inc || strcmp(inc, "0") || !boots)
		return;
	list = xstrdup(boots);
	for (tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char key[512];
		const char *e;
		long i;

		if (strlen(tok) > 400)
			continue;
		snprintf(key, sizeof(key), "skipped.%s", tok);
		if (meta_get(m, key))
			continue;
		snprintf(key, sizeof(key), "%s.exit", tok);
		e = meta_get(m, key);
		if (e && !strcmp(e, "0"))
			continue;
		i = map_find(&m->keys, key);
		if (i < 0)
			die("%s:%ld: key incomplete: 0 (the run finished), but its planned boot %s has no %s line: the record contradicts itself",
			    m->name, m->line[map_find(&m->keys, "incomplete")], tok, key);
		die("%s:%ld: key incomplete: 0 (the run finished), but line %ld says %s=%s: the record contradicts itself",
		    m->name, m->line[map_find(&m->keys, "incomplete")], m->line[i], key, m->val[i]);
	}
	free(list);
}

void meta_read(struct meta *m, const char *name)
{
	struct lb_file in;
	size_t vcap = 0;
	ssize_t len;

	memset(m, 0, sizeof(*m));
	m->name = name;
	lb_open(&in, name, NULL, NULL);
	in.text = 1;
	while ((len = lb_next(&in)) > 0) {
		char *line = in.line, *eq, *cr;
		long ln = in.lineno;
		size_t idx;
		int isnew;

		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (ln == 1 && !strncmp(line, "\xef\xbb\xbf", 3))
			die("%s:1: a UTF-8 byte-order mark (BOM) before the first key: refusing the file (valid: plain text, no BOM)",
			    name);
		eq = strchr(line, '=');
		cr = strchr(line, '\r');
		if (cr)
			die("%s:%ld: key %.*s: carriage return (CRLF line endings?): refusing the file",
			    name, ln, (int)(eq && eq < cr ? eq - line : cr - line), line);
		if (!line[0])
			continue;
		if (!eq || eq == line)
			die("%s:%ld: not a KEY=VALUE line: '%.80s'", name, ln, line);
		*eq = 0;
		if (line[strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")])
			die("%s:%ld: key '%.80s': not a key (valid: letters, digits and _ . + -)", name, ln,
			    line);
		idx = map_get(&m->keys, line, &isnew);
		if (!isnew) {
			if (!strcmp(m->val[idx], eq + 1))
				die("%s:%ld: key %s: given twice (also line %ld): each key once", name, ln,
				    line, m->line[idx]);
			die("%s:%ld: key %s: '%.60s' contradicts line %ld's '%.60s': each key once",
			    name, ln, line, eq + 1, m->line[idx], m->val[idx]);
		}
		if (idx >= vcap) {
			vcap = vcap ? 2 * vcap : 256;
			m->val = xrealloc(m->val, vcap * sizeof(*m->val));
			m->line = xrealloc(m->line, vcap * sizeof(*m->line));
		}
		m->val[idx] = xstrdup(eq + 1);
		m->line[idx] = ln;
		meta_domain(m, idx);
	}
	lb_read_error(&in);
	lb_close(&in);
	meta_consistent(m);
}

/* is word w in the space-separated list s? */
static int in_list(const char *s, const char *w)
{
	size_t l = strlen(w);

	for (const char *p = s; (p = strstr(p, w)); p += l)
		if ((p == s || p[-1] == ' ') && (p[l] == ' ' || !p[l]))
			return 1;
	return 0;
}

/*
 * Does kernel release r belong to the sweep's kernel word w (meta.txt
 * kernels=)?  A version word (6.12) names its builds' releases (6.12.118,
 * and with a local version, 6.12.118-rc1); VER-SUFFIX (6.12-debian,
 * 6.12-distro) the releases of that version ending in -SUFFIX
 * (6.12.118-debian); a release word (6.12.118, older runs) itself.
 */
static int kernel_of_word(const char *r, const char *w)
{
	const char *dash = strchr(w, '-');
	size_t vl = dash ? (size_t)(dash - w) : strlen(w);

	if (!strcmp(r, w))
		return 1;
	if (strncmp(r, w, vl) || r[vl] != '.')
		return 0;
	if (!dash)
		return 1;
	return ends_with(r, dash) && strlen(r) > vl + strlen(dash);
}

/*
 * One row against the record: its kernel (kernels=, unless the run is of a
 * developer's own trees: kdirs=), accel and vCPUs must be ones meta.txt names.
 */
void meta_row(const struct meta *m, const struct csv *c)
{
	static const char *const keys[] = { "accel", "vcpus" };
	const char *kw = meta_get(m, "kernels");

	if (kw && !meta_get(m, "kdirs") && c->ck >= 0) {
		const char *r = c->kraw ? c->kraw : c->fld[c->ck];
		char w[256];
		int ok = 0;

		for (const char *p = kw; *p && !ok;) {
			size_t l = strcspn(p, " ");

			if (l && l < sizeof(w)) {
				memcpy(w, p, l);
				w[l] = 0;
				ok = kernel_of_word(r, w);
			}
			p += l + (p[l] == ' ');
		}
		if (!ok)
			die("%s:%ld: key kernels: '%s', but %s:%ld has a row of kernel %s, none of them: the record and the rows disagree",
			    m->name, m->line[map_find(&m->keys, "kernels")], kw, c->in.name, c->in.lineno, r);
	}

	for (size_t k = 0; k < ARRAY_SIZE(keys); k++) {
		const char *mv = meta_get(m, keys[k]);
		int col = csv_col(c, keys[k]);

		if (!mv || col < 0 || !strcmp(mv, "unknown") || in_list(mv, c->fld[col]))
			continue;
		die("%s:%ld: key %s: '%s', but %s:%ld has a row with %s %s: the record and the rows disagree",
		    m->name, m->line[map_find(&m->keys, keys[k])], keys[k], mv, c->in.name, c->in.lineno,
		    keys[k], c->fld[col]);
	}
}

/* After the last row: no more rows than the record says the run wrote. */
void meta_rows_done(const struct meta *m, const struct csv *c)
{
	const char *r = meta_get(m, "rows");

	if (r && c->nrows > atol(r))
		die("%s:%ld: key rows: %s, but %s has %ld rows: the record and the rows disagree",
		    m->name, m->line[map_find(&m->keys, "rows")], r, c->in.name, c->nrows);
}
