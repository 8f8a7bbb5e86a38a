// SPDX-License-Identifier: GPL-2.0
/*
 * lbstats rows [--sample] [FILE...]
 *	Each file's header and rows as lbstats reads them: a variant's old
 *	name (bench-module/vocab.h: LB_RENAMED) is read as its new one.
 *	--sample appends each row's figure (sample: the estimator, est_col),
 *	and under a real-time accelerator its boot (sample_unit: the round) and
 *	its boot's clock quantum (sample_quantum, quanta_done), so that a
 *	comparison of rows takes what summary takes.
 */
#include "internal.h"

/*
 * The figure one row contributes to a comparison (lbstats rows --sample):
 * the estimator (est_col) when the row has it, else ns_per_op.
 */
static const char *row_sample(const struct csv *c, int ins)
{
	int ie = csv_col(c, est_col(c->fld[c->iaccel]));

	return ie >= 0 && c->fld[ie][0] ? c->fld[ie] : c->fld[ins];
}

int cmd_rows(int argc, char **argv)
{
	char *stdin_name = "-";
	int sample = 0;

	if (argc >= 1 && !strcmp(argv[0], "--sample")) {
		sample = 1;
		argc--;
		argv++;
	}
	if (argc == 0) {
		argc = 1;
		argv = &stdin_name;
	}
	for (int a = 0; a < argc; a++) {
		struct csv c;
		int head = 0;
		/* --sample: rows kept until every boot's quantum is known */
		struct quanta qt = { 0 };
		char **line = NULL, **unit = NULL, **bootk = NULL;
		size_t n = 0;

		csv_open(&c, argv[a]);
		while (csv_next(&c)) {
			int ins = csv_col(&c, "ns_per_op");
			char *buf = NULL, bk[1024];
			size_t len = 0;
			FILE *o;

			if (!head++) {
				for (int i = 0; i < c.nh; i++)
					printf("%s%s", i ? "," : "", c.hname[i]);
				if (sample)
					fputs(",sample,sample_unit,sample_quantum", stdout);
				putchar('\n');
			}
			o = open_memstream(&buf, &len);
			if (!o)
				die("out of memory");
			for (int i = 0; i < c.nf; i++)
				fprintf(o, "%s%s", i ? "," : "", c.fld[i]);
			if (!sample) {
				fclose(o);
				puts(buf);
				free(buf);
				continue;
			}
			{
				const char *acc = c.fld[c.iaccel], *v = row_sample(&c, ins);
				int ird = csv_col(&c, "round");

				fprintf(o, ",%s", v);
				fclose(o);
				line = xrealloc(line, (n + 1) * sizeof(*line));
				unit = xrealloc(unit, (n + 1) * sizeof(*unit));
				bootk = xrealloc(bootk, (n + 1) * sizeof(*bootk));
				line[n] = buf;
				/* real time: the boot is the statistical unit (unit_samples) */
				unit[n] = xstrdup(accel_realtime(acc) && ird >= 0 ? c.fld[ird] : "");
				bootk[n] = NULL;
				if (accel_realtime(acc)) {
					int ie = csv_col(&c, est_col(acc));
					double x;

					boot_key(&c, bk, sizeof(bk));
					bootk[n] = xstrdup(bk);
					/* a fallback figure (a mean) says nothing of the clock */
					if (num(&c, ie, "estimator", &x))
						quanta_add(&qt, bk, x);
				}
				n++;
			}
		}
		csv_close(&c);
		quanta_done(&qt);
		/* sample_quantum: the row's boot's (real time), empty under emulation */
		for (size_t i = 0; i < n; i++) {
			long b = bootk[i] ? map_find(&qt.m, bootk[i]) : -1;

			printf("%s,%s,", line[i], unit[i]);
			if (bootk[i])
				print_num(stdout, b >= 0 ? qt.q[b] : LB_PRINT_RES);
			putchar('\n');
			free(line[i]);
			free(unit[i]);
			free(bootk[i]);
		}
		free(line);
		free(unit);
		free(bootk);
	}
	return 0;
}
