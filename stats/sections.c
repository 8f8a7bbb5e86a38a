// SPDX-License-Identifier: GPL-2.0
/*
 * Sections: the groups a comparison across kernels spans, accel/vCPUs/
 * models.  A model every kernel of (accel, vCPUs) ran is its own section;
 * when each kernel ran exactly one further model and those differ (6.12
 * voluntary, 7.2 lazy: 7.2 has no voluntary), they form one section named
 * "voluntary+lazy".  The one rule of the pairing: the summary's sections
 * (analysis.c) and lbstats sections (a report's two sides).
 */
#include "internal.h"

int same_accel_vcpus(const struct section_boot *x, const struct section_boot *y)
{
	return !strcmp(x->accel, y->accel) && !strcmp(x->vcpus, y->vcpus);
}

/* did every kernel of b's (accel, vCPUs) run model m? */
static int everyone_ran(const struct section_boot *t, size_t nt, const struct section_boot *b, const char *m)
{
	for (size_t i = 0; i < nt; i++) {
		int ran = 0;

		if (!same_accel_vcpus(&t[i], b))
			continue;
		for (size_t j = 0; j < nt; j++)
			ran |= same_accel_vcpus(&t[j], b) && !strcmp(t[j].kernel, t[i].kernel) &&
			       !strcmp(t[j].preempt, m);
		if (!ran)
			return 0;
	}
	return 1;
}

/*
 * The models of boot b's section (the file's comment): b's own, or the further models
 * ("voluntary+lazy") in kernel version order.  The one rule of the pairing:
 * lbstats summary's sections (kernels) and lbstats sections (a report's sides).
 */
char *section_slot(const struct section_boot *t, size_t nt, const struct section_boot *b)
{
	char slot[512] = "";
	size_t len = 0;
	int ok = 1;

	if (!everyone_ran(t, nt, b, b->preempt)) {
		/* each kernel exactly one model outside the common set? */
		for (size_t i = 0; i < nt && ok; i++) {
			int other = 0;

			if (!same_accel_vcpus(&t[i], b))
				continue;
			for (size_t j = 0; j < nt; j++)
				other += same_accel_vcpus(&t[j], b) && !strcmp(t[j].kernel, t[i].kernel) &&
					 !everyone_ran(t, nt, b, t[j].preempt);
			ok = other == 1;
		}
		/* then the section names those models in kernel version order */
		if (ok) {
			const struct section_boot *o[64];
			size_t no = 0;

			for (size_t i = 0; i < nt && no < ARRAY_SIZE(o); i++) {
				size_t k = no++;

				if (!same_accel_vcpus(&t[i], b) || everyone_ran(t, nt, b, t[i].preempt)) {
					no--;
					continue;
				}
				for (; k && strverscmp(o[k - 1]->kernel, t[i].kernel) > 0; k--)
					o[k] = o[k - 1];
				o[k] = &t[i];
			}
			for (size_t i = 0; i < no; i++) {
				int dup = 0;

				for (size_t k = 0; k < i; k++)
					dup |= !strcmp(o[k]->preempt, o[i]->preempt);
				if (!dup)
					len += snprintf(slot + len,
							len < sizeof(slot) ? sizeof(slot) - len : 0,
							"%s%s", len ? "+" : "", o[i]->preempt);
			}
		}
	}
	return xstrdup(ok && slot[0] && len < sizeof(slot) ? slot : b->preempt);
}

/* The section of boot b: accel/vCPUs/models (section_slot) */
char *section_of(const struct section_boot *t, size_t nt, const struct section_boot *b)
{
	char out[1024], *slot = section_slot(t, nt, b);

	snprintf(out, sizeof(out), "%s/%s/%s", b->accel, b->vcpus, slot);
	free(slot);
	return xstrdup(out);
}

/*
 * lbstats sections [FILE]: the sections of a report's two sides, worked out
 * over both sides' selected rows together by the summary's own rule
 * (section_slot), the sides standing for the kernels ("base" before "new").
 * Lines group<TAB>side<TAB>model (group: what a section may not span, e.g.
 * accel/vCPUs); out: each distinct line once, first seen first, with
 * <TAB>its section's models: the model itself, or base's and new's joined
 * by "+" where each side ran exactly one model the other did not.
 */
int cmd_sections(int argc, char **argv)
{
	struct lb_file in;
	struct section_boot *t = NULL;
	size_t nt = 0;

	if (argc > 1)
		return LB_USAGE;
	lb_open(&in, argc ? argv[0] : "-", NULL, "-");
	while (lb_next(&in) > 0) {
		struct section_boot b = { 0 };
		char *s, *p[3], *line = in.line;
		size_t j;
		int n = 0;

		chomp(line);
		s = xstrdup(line);
		for (char *q = s; n < 3; q++) {
			p[n++] = q;
			q = strchr(q, '\t');
			if (!q)
				break;
			*q = 0;
		}
		if (n != 3 || strchr(p[2], '\t') || (strcmp(p[1], "base") && strcmp(p[1], "new")))
			die("%s:%ld: '%s': not group<TAB>base|new<TAB>model", in.name, in.lineno,
			    line);
		b.accel = p[0];
		b.vcpus = "";
		b.kernel = p[1];
		b.preempt = p[2];
		for (j = 0; j < nt; j++)
			if (same_accel_vcpus(&t[j], &b) && !strcmp(t[j].kernel, b.kernel) &&
			    !strcmp(t[j].preempt, b.preempt))
				break;
		if (j < nt) {
			free(s);
			continue;
		}
		t = xrealloc(t, (nt + 1) * sizeof(*t));
		t[nt++] = b;
	}
	for (size_t i = 0; i < nt; i++) {
		char *slot = section_slot(t, nt, &t[i]);

		printf("%s\t%s\t%s\t%s\n", t[i].accel, t[i].kernel, t[i].preempt, slot);
		free(slot);
	}
	lb_close(&in);
	return 0;
}
