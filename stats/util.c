// SPDX-License-Identifier: GPL-2.0
/*
 * What every file of lbstats uses: errors and allocation (a failure ends the
 * program, naming itself), a growable vector of values, a string -> index
 * map in first-appearance order, and small tests on words and numbers.
 */
#include <stdarg.h>

#include "internal.h"

static const char *prog = "lbstats";

void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die("out of memory");
	return d;
}

/* ---- the value vector ---- */
void values_push(struct values *d, double x)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 8;
		d->v = xrealloc(d->v, d->cap * sizeof(*d->v));
	}
	d->v[d->n++] = x;
}

/* ---- the string map: open addressing over the keys ---- */
static unsigned long hash(const char *s)
{
	unsigned long h = 1469598103934665603UL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211UL;
	return h;
}

static void map_grow(struct map *m)
{
	size_t ns = m->nslot ? 2 * m->nslot : 256;

	free(m->slot);
	m->slot = calloc(ns, sizeof(*m->slot));
	if (!m->slot)
		die("out of memory");
	m->nslot = ns;
	for (size_t i = 0; i < m->n; i++) {
		size_t h = hash(m->keys[i]) & (ns - 1);

		while (m->slot[h])
			h = (h + 1) & (ns - 1);
		m->slot[h] = i + 1;
	}
}

/* Index of key, inserting it if new; *isnew set accordingly. */
size_t map_get(struct map *m, const char *key, int *isnew)
{
	size_t h;

	if (2 * (m->n + 1) > m->nslot)
		map_grow(m);
	h = hash(key) & (m->nslot - 1);
	while (m->slot[h]) {
		if (!strcmp(m->keys[m->slot[h] - 1], key)) {
			*isnew = 0;
			return m->slot[h] - 1;
		}
		h = (h + 1) & (m->nslot - 1);
	}
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->keys = xrealloc(m->keys, m->cap * sizeof(*m->keys));
	}
	m->keys[m->n] = xstrdup(key);
	m->slot[h] = m->n + 1;
	*isnew = 1;
	return m->n++;
}

/* Index of key, or -1 when absent. */
long map_find(const struct map *m, const char *key)
{
	size_t h;

	if (!m->nslot)
		return -1;
	h = hash(key) & (m->nslot - 1);
	while (m->slot[h]) {
		if (!strcmp(m->keys[m->slot[h] - 1], key))
			return (long)m->slot[h] - 1;
		h = (h + 1) & (m->nslot - 1);
	}
	return -1;
}

void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = 0;
}

int ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && !strcmp(s + a - b, suf);
}

int is_number(const char *s)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	return *s && !*end && !errno && isfinite(x) && !isspace((unsigned char)*s);
}

/* s is digits with at most one '.' between digits (no sign, exponent, hex) */
int is_decimal(const char *s, int integer)
{
	const char *p = s;

	while (isdigit((unsigned char)*p))
		p++;
	if (p == s)
		return 0;
	if (*p == '.' && !integer) {
		const char *q = ++p;

		while (isdigit((unsigned char)*p))
			p++;
		if (p == q)
			return 0;
	}
	return !*p;
}

int in_words(const char *const *w, const char *s)
{
	for (; *w; w++)
		if (!strcmp(*w, s))
			return 1;
	return 0;
}

void words_str(const char *const *w, char *out, size_t len)
{
	out[0] = 0;
	for (; *w; w++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? " " : "", *w);
}

void print_num(FILE *o, double x)
{
	if (isnan(x))
		fputs("NA", o);
	else
		fprintf(o, "%.10g", x);
}

int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}
