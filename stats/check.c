// SPDX-License-Identifier: GPL-2.0
/*
 * The rows against their contract and their plan: lbstats check passes a
 * results.csv through the input contract (contract.c) and the run's record
 * (meta.c); lbstats missing says what the rows lack against the plan the
 * record holds.
 */
#include "internal.h"

/*
 * lbstats missing META FILE: one line per thing the plan recorded in
 * META (runners/sweep's meta.txt) that FILE's rows lack; nothing for a
 * whole run.  The plan: rows= (what the sweep wrote), and each planned boot
 * (boots=; older runs: every TAG.exit) that finished (TAG.exit=0, not
 * skipped.TAG): its rows are those of its kernel release (TAG.kernel),
 * vCPUs (TAG.vcpus), accelerator (TAG.boot.accel), model (TAG.preempt) and
 * round (a tag's -rN, the round column); a finished boot must have rows, and
 * each of its configurations as many runs as its others (a boot runs each
 * of its configurations the same number of times).  A boot that did not
 * finish is lb_incomplete_note's (it says why).  lib.sh lb_incomplete_note
 * lays these lines out first in every report, table, plot page, index and
 * cover letter.
 */
struct planned_boot {
	const char *tag, *kernel, *vcpus, *accel, *preempt;
	long round, nrows;
	long configs, runs;	/* its plan, as the guest expanded it (TAG.configs, TAG.runs); -1 unrecorded */
	int moff;		/* booted with mitigations=off (TAG.mitigations_mode) */
};

int cmd_missing(int argc, char **argv)
{
	struct meta m;
	struct csv c;
	struct planned_boot *b = NULL;
	size_t nb = 0;
	struct map cfg = { 0 };
	long *cnt = NULL, *maxr = NULL;
	size_t ccap = 0;
	const char *boots, *r, *acc1;
	char *list, *tok, *save;
	int ik, ia, iv, ip, ir, im, gi[NGROUP_COLS];

	if (argc != 2)
		return LB_USAGE;
	meta_read(&m, argv[0]);
	boots = meta_get(&m, "boots");
	if (boots) {
		list = xstrdup(boots);
	} else {
		/* older runs: every TAG.exit (not TAG.boot.exit) */
		size_t len = 1;

		list = xstrdup("");
		for (size_t i = 0; i < m.keys.n; i++) {
			const char *k = m.keys.keys[i];

			if (!ends_with(k, ".exit") || ends_with(k, ".boot.exit"))
				continue;
			len += strlen(k) + 1;
			list = xrealloc(list, len);
			snprintf(list + strlen(list), len - strlen(list), "%.*s ", (int)(strlen(k) - 5), k);
		}
	}
	acc1 = meta_get(&m, "accel");
	for (tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char key[512];
		const char *e, *dash;

		if (strlen(tok) > 400)
			die("%s: key boots: a tag of %zu characters", m.name, strlen(tok));
		snprintf(key, sizeof(key), "skipped.%s", tok);
		if (meta_get(&m, key))
			continue;
		snprintf(key, sizeof(key), "%s.exit", tok);
		e = meta_get(&m, key);
		if (!e || strcmp(e, "0"))
			continue;
		b = xrealloc(b, (nb + 1) * sizeof(*b));
		memset(&b[nb], 0, sizeof(*b));
		b[nb].tag = tok;
		/*
		 * the kernel its rows name: a stock kernel's 6.12.118-debian
		 * (TAG.rows_kernel), else the guest's release
		 */
		snprintf(key, sizeof(key), "%s.rows_kernel", tok);
		b[nb].kernel = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.kernel", tok);
		if (!b[nb].kernel)
			b[nb].kernel = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.vcpus", tok);
		b[nb].vcpus = meta_get(&m, key);
		snprintf(key, sizeof(key), "%s.mitigations_mode", tok);
		b[nb].moff = meta_get(&m, key) && !strcmp(meta_get(&m, key), "off");
		snprintf(key, sizeof(key), "%s.boot.accel", tok);
		b[nb].accel = meta_get(&m, key);
		if (!b[nb].accel && acc1 && !strchr(acc1, ' '))
			b[nb].accel = acc1;
		/* the model: the tag's (KERNEL-MODEL-NcpuS...), else TAG.preempt (uml) */
		dash = strchr(tok, '-');
		for (size_t w = 0; dash && preempt_words[w]; w++) {
			size_t l = strlen(preempt_words[w]);

			if (!strncmp(dash + 1, preempt_words[w], l) && dash[l + 1] == '-')
				b[nb].preempt = preempt_words[w];
		}
		snprintf(key, sizeof(key), "%s.preempt", tok);
		if (!b[nb].preempt)
			b[nb].preempt = meta_get(&m, key);
		dash = strrchr(tok, '-');
		if (dash && dash[1] == 'r' && is_decimal(dash + 2, 1))
			b[nb].round = atol(dash + 2);
		snprintf(key, sizeof(key), "%s.configs", tok);
		b[nb].configs = meta_get(&m, key) ? atol(meta_get(&m, key)) : -1;
		snprintf(key, sizeof(key), "%s.runs", tok);
		b[nb].runs = meta_get(&m, key) ? atol(meta_get(&m, key)) : -1;
		nb++;
	}

	csv_open(&c, argv[1]);
	if (!csv_next(&c))
		die("%s: no rows (a header only)", c.in.name);
	ik = csv_col(&c, "kernel");
	ia = csv_col(&c, "accel");
	iv = csv_col(&c, "vcpus");
	ip = csv_col(&c, "preempt");
	ir = csv_col(&c, "round");
	im = csv_col(&c, "mitigations");
	for (size_t i = 0; i < NGROUP_COLS; i++)
		gi[i] = csv_col(&c, group_cols[i]);
	do {
		meta_row(&m, &c);
		for (size_t i = 0; i < nb; i++) {
			char key[4096];
			size_t k = 0, idx;
			int isnew;

			if ((b[i].kernel && strcmp(b[i].kernel, c.kraw ? c.kraw : c.fld[ik])) ||
			    (b[i].vcpus && strcmp(b[i].vcpus, c.fld[iv])) ||
			    (b[i].accel && strcmp(b[i].accel, c.fld[ia])) ||
			    (b[i].preempt && ip >= 0 && in_words(preempt_words, b[i].preempt) &&
			     strcmp(b[i].preempt, c.fld[ip])) ||
			    (b[i].round && ir >= 0 && atol(c.fld[ir]) != b[i].round) ||
			    (im >= 0 && b[i].moff != !strcmp(c.fld[im], "off")))
				continue;
			b[i].nrows++;
			/* the boot's configuration: its index, then the group columns */
			k = snprintf(key, sizeof(key), "%zu", i);
			for (size_t g = 3; g < NGROUP_COLS && k < sizeof(key) - 1; g++)
				k += snprintf(key + k, sizeof(key) - k, ",%s", c.fld[gi[g]]);
			idx = map_get(&cfg, key, &isnew);
			if (idx >= ccap) {
				ccap = ccap ? 2 * ccap : 256;
				cnt = xrealloc(cnt, ccap * sizeof(*cnt));
			}
			if (isnew)
				cnt[idx] = 0;
			cnt[idx]++;
			break;
		}
	} while (csv_next(&c));
	meta_rows_done(&m, &c);

	r = meta_get(&m, "rows");
	if (r && c.nrows < atol(r))
		printf("%s has %ld of the %s rows %s records (rows=): %ld missing\n", c.in.name, c.nrows,
		       r, m.name, atol(r) - c.nrows);
	maxr = calloc(nb ? nb : 1, sizeof(*maxr));
	if (!maxr)
		die("out of memory");
	for (size_t j = 0; j < cfg.n; j++) {
		size_t i = strtoul(cfg.keys[j], NULL, 10);

		if (cnt[j] > maxr[i])
			maxr[i] = cnt[j];
	}
	for (size_t i = 0; i < nb; i++) {
		long short_cfgs = 0, ncfg = 0;
		const char *ex = NULL;
		long exn = 0;

		/*
		 * each configuration's runs: as the boot was asked (TAG.runs), else
		 * as many as its others
		 */
		if (b[i].runs > 0)
			maxr[i] = b[i].runs;
		if (!b[i].nrows) {
			printf("boot %s finished (exit 0) but none of its rows (kernel %s, %s vCPUs, %s) are in %s\n",
			       b[i].tag, b[i].kernel ? b[i].kernel : "?", b[i].vcpus ? b[i].vcpus : "?",
			       b[i].accel ? b[i].accel : "?", c.in.name);
			continue;
		}
		for (size_t j = 0; j < cfg.n; j++) {
			if (strtoul(cfg.keys[j], NULL, 10) != i)
				continue;
			ncfg++;
			if (cnt[j] < maxr[i]) {
				short_cfgs++;
				if (!ex) {
					ex = strchr(cfg.keys[j], ',') + 1;
					exn = cnt[j];
				}
			}
		}
		if (b[i].configs >= 0 && ncfg < b[i].configs)
			printf("boot %s: %ld of the %ld configurations its plan expanded to (%s.configs) have no rows\n",
			       b[i].tag, b[i].configs - ncfg, b[i].configs, b[i].tag);
		if (b[i].configs >= 0 && ncfg > b[i].configs)
			printf("boot %s: rows of %ld configurations, but its plan expanded to %ld (%s.configs): rows of another boot?\n",
			       b[i].tag, ncfg, b[i].configs, b[i].tag);
		if (short_cfgs)
			printf("boot %s: %ld of its %ld configurations have fewer runs than %s (%s: %ld of %ld)\n",
			       b[i].tag, short_cfgs, ncfg, b[i].runs > 0 ? "it was asked for" : "the others",
			       ex, exn, maxr[i]);
	}
	csv_close(&c);
	return 0;
}

/*
 * lbstats check [-V VOCAB] [-m META] FILE: the rows of FILE that pass the
 * input contract, as CSV (its header once, then every row, blank lines and
 * repeated headers left out); refuses a file with no row.  -V: the run's
 * own vocabulary (its names); -m: the run's meta.txt, checked too
 * (meta_read) and against the rows.  Every reader of results.csv outside
 * lbstats reads this output, never the file itself.
 */
int cmd_check(int argc, char **argv)
{
	struct csv c;
	struct meta m;
	int hasm = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *o;

	while (argc >= 3 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "-V")) {
			vocab_read(argv[1]);
		} else if (!strcmp(argv[0], "-m")) {
			meta_read(&m, argv[1]);
			hasm = 1;
		} else {
			break;
		}
		argc -= 2;
		argv += 2;
	}
	if (argc != 1)
		return LB_USAGE;
	csv_open(&c, argv[0]);
	c.check_vocab = 1;
	c.keep_names = 1;	/* the contract passes rows through unchanged */
	if (!csv_next(&c))
		die("%s: no rows (a header only)", c.in.name);
	/* nothing is printed unless the whole file passes */
	o = open_memstream(&buf, &len);
	if (!o)
		die("out of memory");
	fprintf(o, "%s\n", c.hdr_line);
	do {
		if (hasm)
			meta_row(&m, &c);
		for (int i = 0; i < c.nf; i++)
			fprintf(o, "%s%s", i ? "," : "", c.fld[i]);
		fputc('\n', o);
	} while (csv_next(&c));
	if (hasm)
		meta_rows_done(&m, &c);
	csv_close(&c);
	if (fclose(o))
		die("out of memory");
	fwrite(buf, 1, len, stdout);
	free(buf);
	if (fflush(stdout) || ferror(stdout))
		die("writing the checked rows failed");
	return 0;
}
