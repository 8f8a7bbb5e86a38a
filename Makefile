# latchbench: seqcount latch vs seqlock vs RCU, measured in QEMU guests and UML.
# Targets (the sweep's variables: runners/sweep --help; the guide: README.md):
#   make bench         the default sweep: build, boot, measure, report, plot
#   make test          the fast test tier: host-side suites and 6.12 built and booted (bats)
#   make check-versions  the per-kernel tests on 6.1 and 7.2, the 6.1 icount SMP hang
#   make check         the debug-kernel tier: lockdep/KASAN/UBSAN/KCSAN kernels (not in make test)
#   make check-rt      the PREEMPT_RT tier: 6.12-rt and 7.2-rt, readers in NMI and
#                      hardirq on the writer's CPU (tests/rt.bats; not in make test)
#   make check-bisect  the bisection tier: make bisect on a history made from 6.12
#                      (tests/bisect.bats; not in make test)
#   make compare       before/after numbers for your own kernel change (runners/compare --help)
#   make bisect        which commit moved a read path: KSRC= GOOD= BAD= WHAT=, an exact
#                      git bisection under icount (runners/bisect --help; docs/bisect.md)
#   make report        a run's report (runners/report --help)
#   make table         a run's tables across its kernels (runners/table --help)
#   make plots         a run's plots and index page (runners/plots --help)
#   make cover-letter  a run's tables into patches/*/0000-cover-letter.patch
#                      (runners/cover-letter --help)
#   make faithful      the harness overhead and each replica vs its real function,
#                      per kernel (an icount sweep, 1 vCPU; runners/faithful)
#   make aa            the A/A benchmark: one kernel (7.2) against itself, real time
#                      under UML (2 vCPUs), odd vs even boots: its false-positive rate
#   make reference, reference-rt, reference-uml, reference-arm64   remake the committed reference runs
#   make deps, kernel(s), module, initramfs, stats, lint, clean   the pieces
SHELL := /bin/bash
# KERNELS: unset (and not exported: an empty one is refused), each command's
# own default (the sweep's, runners/sweep --help: Debian's own 6.12 first, then
# the patched 6.1 6.12 7.2; make kernels and make faithful: the kernels built
# from source, lib.sh LB_KVERS)
KVER ?= 6.12
# empty: each kernel's default model (voluntary; lazy on 7.2, which has no voluntary)
PREEMPT ?=
SCHED ?= local
export SCHED KVER PREEMPT

# Make's command line reaches the runners as data. LB_CMDLINE: the names of
# the variables given on make's command line (make exports them, so their
# values are in every recipe's environment); a runner target passes the
# names in LB_MAKE_VARS and the runner's lb_args (lib.sh) takes each as a
# NAME=VALUE word, so a name it does not know (make bench VCPU=2) is refused
# as the runner refuses it, and no value is ever pasted into a recipe
# (make report 'RUN=x; cmd' names the run "x; cmd"). Refused here, by make's
# $(error) before any recipe runs: a name make cannot pass on safely; a name
# the Makefile itself uses (LB_INTERNAL: SHELL= or .SHELLFLAGS= would replace
# the shell every recipe runs in, LB_RUNNER_ARGS= or LB_CMDLINE= what a
# runner is given); and, for a target no runner's lb_args reads, a name it
# does not take (lb_takes.TARGET, below: make kernel RUN=x).
override LB_CMDLINE := $(sort $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $v)),$v)))
override LB_INTERNAL := SHELL .SHELLFLAGS MAKESHELL MAKEFLAGS GNUMAKEFLAGS MAKEOVERRIDES MFLAGS \
	MAKE MAKEFILES MAKELEVEL MAKECMDGOALS MAKEFILE_LIST MAKE_RESTARTS MAKE_TERMOUT \
	MAKE_TERMERR CURDIR VPATH SUFFIXES .DEFAULT_GOAL .RECIPEPREFIX .EXTRA_PREREQS \
	.VARIABLES .FEATURES .INCLUDE_DIRS .LOADED REF_KERNELS REF_TCG_KERNELS REF_ENV \
	ref_keep LB_% lb_%
override LB_OWN := $(filter $(LB_INTERNAL),$(LB_CMDLINE))
$(if $(LB_OWN),$(error make's command line: $(firstword $(LB_OWN))=: a name the Makefile uses itself (a recipe's shell, a runner's arguments): refused by name (valid: a target's own variables: make help, runners/sweep --help)))
override lb_name_chars := a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 0 1 2 3 4 5 6 7 8 9 _
override lb_strip = $(if $2,$(call lb_strip,$(subst $(firstword $2),,$1),$(wordlist 2,$(words $2),$2)),$1)
override LB_BADNAMES := $(strip $(foreach v,$(LB_CMDLINE),$(if $(call lb_strip,$v,$(lb_name_chars)),$v)))
$(if $(LB_BADNAMES),$(error make's command line: '$(firstword $(LB_BADNAMES))': not a variable name a runner takes (valid: letters, digits and _)))
# The names each target takes that hands no runner make's command line (a
# runner target's runner refuses what it does not know: lb_args); any other
# name given with it would be ignored, so it is refused. The one list.
override LB_RUNNER_GOALS := bench compare plots report table cover-letter aa
override lb_takes.all :=
override lb_takes.help :=
override lb_takes.deps :=
override lb_takes.kernel := KVER PREEMPT
override lb_takes.kernels := KERNELS PREEMPT
override lb_takes.module := KVER PREEMPT
override lb_takes.initramfs := KVER PREEMPT
override lb_takes.stats :=
override lb_takes.test := TEST_KERNELS
override lb_takes.check-versions := VERSION_KERNELS
override lb_takes.check :=
override lb_takes.check-rt :=
override lb_takes.check-bisect :=
override lb_takes.lint := LINT_BATS
override lb_takes.clean :=
override lb_takes.reference := REF_ACCELS
override lb_takes.reference-rt :=
override lb_takes.reference-uml :=
override lb_takes.faithful := KERNELS PREEMPT RESULTS SCHED
override lb_ignored = $(firstword $(foreach g,$(filter-out $(LB_RUNNER_GOALS),$(or $(MAKECMDGOALS),all)),$(if $(filter override,$(origin lb_takes.$g)),$(foreach v,$(filter-out $(lb_takes.$g),$(LB_CMDLINE)),$g:$v))))
override LB_IGNORED := $(lb_ignored)
$(if $(LB_IGNORED),$(error make $(firstword $(subst :, ,$(LB_IGNORED))): $(lastword $(subst :, ,$(LB_IGNORED)))=$(value $(lastword $(subst :, ,$(LB_IGNORED)))): make $(firstword $(subst :, ,$(LB_IGNORED))) does not take $(lastword $(subst :, ,$(LB_IGNORED)))= (valid: $(or $(addsuffix =,$(lb_takes.$(firstword $(subst :, ,$(LB_IGNORED))))),no variables))))
# Every value given on the command line is data, a $ included: make expands
# a command-line variable (recursive) when it exports it to a recipe, so
# 'RUN=$(shell cmd)' ran cmd; each becomes a simple variable holding its
# text as typed, exported; and none is passed again in MAKEFLAGS, where a
# sub-make (make -C stats, a runner's make) would expand it once more (it
# has them in its environment, which make does not expand).
$(foreach v,$(LB_CMDLINE),$(eval override $v := $$(value $v))$(eval export $v))
MAKEOVERRIDES :=
override LB_RUNNER_ARGS = LB_MAKE_VARS='$(LB_CMDLINE)'

.PHONY: all deps kernel kernels module initramfs bench compare bisect check-bisect plots report table cover-letter stats test check-versions check check-rt lint clean help faithful aa

all: help

help:
	@sed -n '2,/^[^#]/p' Makefile | sed -n 's/^# //p'

deps:
	@runners/deps

kernel: deps
	runners/build-kernel KVER="$$KVER" $(if $(PREEMPT),FLAVOUR="$$PREEMPT")

kernels: deps
	@set -f; for k in $${KERNELS:-$$(. runners/lib.sh && echo "$$LB_KVERS")}; do runners/build-kernel KVER="$$k" $(if $(PREEMPT),FLAVOUR="$$PREEMPT") || exit 1; done

# Out-of-tree module builds go to build/, never into bench-module/.
module: kernel
	rm -rf "build/module-$$KVER" && mkdir -p "build/module-$$KVER"
	cp bench-module/*.[ch] bench-module/Kbuild "build/module-$$KVER/"
	$(MAKE) -C "$$(. runners/lib.sh && lb_kbuild_dir "$$KVER" "$$PREEMPT")" $(if $(filter uml,$(PREEMPT)),ARCH=um) M="$(CURDIR)/build/module-$$KVER" W=1 modules

initramfs: kernel
	runners/build-initramfs KVER="$$KVER" $(if $(PREEMPT),FLAVOUR="$$PREEMPT") OUT="build/initramfs-$$KVER$${PREEMPT:+-$$PREEMPT}.cpio.gz"

stats:
	@$(MAKE) -s -C stats

bench: deps stats
	@run=$$($(LB_RUNNER_ARGS) runners/sweep) ; rc=$$? ; \
	if [ -n "$$run" ] && [ -f "$$run/results.csv" ]; then \
		(. runners/lib.sh && s=$$(LB_SUMMARY_WARN=1 lb_summary "$$run") && printf '%s\n' "$$s" | lb_atomic_write "$$run/summary.csv") || rc=1 ; \
		runners/report RUN="$$run" OUT="$$run/report.txt" && cat "$$run/report.txt" || rc=1 ; \
		runners/plots RUN="$$run" || rc=1 ; \
	fi ; exit $$rc

# The faithfulness benchmark: every workload and variant, 1 reader, no writer,
# under icount (exact path lengths) on each of KERNELS; prints and keeps
# results/<run>/faithful.txt, written whole or not at all (lb_atomic_write).
faithful: deps stats
	@run=$$(KERNELS="$${KERNELS:-$$(. runners/lib.sh && echo "$$LB_KVERS")}" ACCEL=icount VCPUS=1 WORKLOADS=all VARIANTS=all CONTEXTS=task \
		WRITER_PERIODS=none RUNS=1 DURATION=5 PERF=0 HARNESS=0 $(LB_RUNNER_ARGS) runners/sweep) ; rc=$$? ; \
	if [ -n "$$run" ] && [ -f "$$run/results.csv" ]; then \
		(. runners/lib.sh && f=$$(runners/faithful RUN="$$run") && printf '%s\n' "$$f" | lb_atomic_write "$$run/faithful.txt") && \
		cat "$$run/faithful.txt" || rc=1 ; \
	fi ; exit $$rc

# Your own kernel: `make bench KSRC=DIR` (or PATCHES=SERIES, REV=) builds it with
# runners/build-tree and sweeps it; `make compare` builds base and new and sweeps
# both, alternating (runners/compare lists the variables).
compare: deps stats
	@$(LB_RUNNER_ARGS) runners/compare

# Which commit of your tree moved a read's exact path: `make bisect KSRC=DIR
# GOOD=REV BAD=REV WHAT=WORKLOAD/VARIANT` (runners/bisect; docs/bisect.md).
bisect: deps stats
	@$(LB_RUNNER_ARGS) runners/bisect

# (these runners take make's command line as their words: RUN=, OUT=, ...)
plots: stats
	@$(LB_RUNNER_ARGS) runners/plots

report: stats
	@$(LB_RUNNER_ARGS) runners/report

# One run's tables across its kernels (runners/table; FORMAT=mmtests: the
# compare-kernels layout), the first thing in its report.
table: stats
	@$(LB_RUNNER_ARGS) runners/table

# Fill patches/*/0000-cover-letter.patch's numbers block with a run's tables
# (default: results/latest). Cover letters are not in the kernels' build stamp.
cover-letter: stats
	@$(LB_RUNNER_ARGS) runners/cover-letter

# The test tiers (docs/testing.md). make test: everything on the host and
# one kernel, TEST_KERNELS, built and booted; make check-versions: the tests
# that go over every kernel, on the others (VERSION_KERNELS), and the 6.1
# icount SMP hang. .ci/run runs both.
TEST_KERNELS ?= 6.12
VERSION_KERNELS ?= 6.1 7.2
export TEST_KERNELS VERSION_KERNELS
test: KERNELS = $(TEST_KERNELS)
test: deps stats
	LB_TEST_KERNELS="$$TEST_KERNELS" tests/run

check-versions: KERNELS = $(VERSION_KERNELS)
check-versions: deps stats
	LB_TEST_KERNELS="$$VERSION_KERNELS" tests/run --versions

# The debug check (tests/check.bats, not part of `make test`): every configuration in
# the debug kernels (lockdep/KASAN/UBSAN/kmemleak, KCSAN), consoles scanned, soak,
# bad load-time parameters. Summary: build/check/summary.txt.
# Both deep tiers record the tree they passed on (lib.sh lb_tier_run: a hash of
# bench-module/, config/ and patches/ in $LB_CACHE/passed/), which .ci/run
# prints when it cannot run them.
check: deps stats
	@rc=0; (. runners/lib.sh && lb_tier_run check tests/run tests/check.bats) || rc=$$?; \
	cat build/check/summary.txt build/check/bad-load-table.txt 2>/dev/null; exit $$rc

# The PREEMPT_RT tier (tests/rt.bats): builds 6.12-rt and 7.2-rt (stamped).
check-rt: deps stats
	@. runners/lib.sh && lb_tier_run check-rt tests/run tests/rt.bats

# The bisection tier (tests/bisect.bats): a git history made from 6.12,
# bisected; its build is kept in the cache (docs/timings.md: cold and warm).
check-bisect: deps stats
	@. runners/lib.sh && lb_tier_run check-bisect tests/run tests/bisect.bats

# A bare `! cmd` in a bats test is no assertion (tests/bare-bang).
# (LINT_BATS reaches the recipe as data, in the environment)
LINT_BATS ?= $(wildcard tests/*.bats) tests/helpers.bash
export LINT_BATS
lint:
	set -f; tests/bare-bang $$LINT_BATS
	shellcheck -x $$(find runners -type f ! -name '*.awk' | sort) tests/run tests/helpers.bash tests/bare-bang tests/sweep-plans tests/reproduce-plans tests/kvm-standin tests/mini-slurm tests/fixtures/gen-fixtures .ci/run
	@for f in bench-module/*.[ch]; do \
		$$(. runners/lib.sh && echo $$LB_CACHE)/src/6.12/scripts/checkpatch.pl --no-tree -f -q --terse $$f || exit 1; done

clean:
	rm -rf build

# The committed reference study: 6.1 -> 6.12 -> 7.2 (our patched builds),
# Debian's own 6.1 and 6.12 images as they ship (6.1-debian, 6.12-debian) and
# 6.12-distro (our patched 6.12 with Debian's mitigation, IBT, PREEMPT_DYNAMIC
# and HZ options: the one kernel with both mitigations and symbols, so the
# report explains its auto - off difference from the disassembly), under
# icount (path lengths) and tcg, both emulated. Regenerate with `make
# reference` (REF_ACCELS="icount" for one); lands in results/reference-*.
# Preemption: each kernel's default (voluntary; lazy on 7.2; the stock images
# their PREEMPT_DYNAMIC default); `make bench PROFILE=full` measures full.
# Mitigations: under icount each kernel with mitigations=auto and =off, the
# exact instruction cost of the mitigations per read path; the sweep boots off
# only where the kernel has mitigations to turn off (our other builds have
# none). 6.1 and 6.1-debian boot 1 vCPU only under icount. Under tcg (timed,
# noisy) only auto and only 6.12-debian beside the builds: the mitigation cost
# is icount's exact figure, and a tcg boot costs as much as an icount one.
REF_KERNELS = 6.1 6.12 7.2 6.1-debian 6.12-debian 6.12-distro
REF_TCG_KERNELS = 6.1 6.12 7.2 6.12-debian
# The quick profile's knobs (config/profiles/quick), 10 ms runs.
REF_ENV = PROFILE=quick VCPUS="1 2" WORKLOADS=all VARIANTS=all \
	CONTEXTS="task nmi hardirq" DURATION=10
REF_ACCELS ?= icount tcg
export REF_ACCELS
# $(call ref_keep,NAME): the sweep's run directory ($$run) becomes the committed
# results/NAME (no boot logs, run_id NAME, results/latest), with its report.
ref_keep = rm -rf results/$(1) plots/$(1) ; mv "$$run" results/$(1) ; rm -rf results/$(1)/boots ; \
	sed -i "s/^run_id=.*/run_id=$(1)/" results/$(1)/meta.txt ; \
	ln -sfn $(1) results/latest ; \
	runners/report RUN=$(1) OUT=results/$(1)/report.txt
.PHONY: reference reference-rt reference-uml reference-arm64
reference: deps stats
	@set -e; set -f; for a in $$REF_ACCELS; do \
		if [ $$a = tcg ]; then ks="$(REF_TCG_KERNELS)"; mit=auto; \
		else ks="$(REF_KERNELS)"; mit="auto off"; fi ; \
		run=$$($(REF_ENV) KERNELS="$$ks" MITIGATIONS="$$mit" ACCEL=$$a runners/sweep) ; \
		$(call ref_keep,reference-$$a) ; \
		f=$$(runners/faithful RUN=reference-$$a) ; \
		(. runners/lib.sh && printf '%s\n' "$$f" | lb_atomic_write results/reference-$$a/faithful.txt) ; \
		runners/plots RUN=reference-$$a ; \
	done

# The PREEMPT_RT study, committed as results/reference-icount-rt: 6.12 and 7.2
# (x86 has RT from 6.12), each on its default model and on PREEMPT_RT, under
# icount; the sweep skips the models a kernel lacks (6.12 lazy, 7.2 voluntary)
# with one line each.
reference-rt: deps stats
	@set -e; run=$$($(REF_ENV) KERNELS="6.12 7.2" PREEMPT="voluntary lazy rt" ACCEL=icount runners/sweep) ; \
	$(call ref_keep,reference-icount-rt) ; \
	runners/plots RUN=reference-icount-rt

# x86 beside arm64, committed as results/reference-arm64: Debian's own 6.12
# as shipped for amd64 and for arm64 (docs/arm64.md), both under icount, 1
# vCPU (the paths; 2 vCPUs give the same), every workload each arch has, task
# context, no writer and a back-to-back one, 3 runs of 10 ms; its table ends
# with the memory-ordering instructions of each read path (ordering.csv).
reference-arm64: deps stats
	@set -e; run=$$(PROFILE=quick VCPUS=1 WORKLOADS=all VARIANTS=all CONTEXTS=task WRITER_PERIODS="none 0" \
		DURATION=10 KERNELS="6.12-debian 6.12-debian-arm64" ACCEL=icount runners/sweep) ; \
	$(call ref_keep,reference-arm64) ; \
	f=$$(runners/faithful RUN=reference-arm64) ; \
	(. runners/lib.sh && printf '%s\n' "$$f" | lb_atomic_write results/reference-arm64/faithful.txt) ; \
	runners/plots RUN=reference-arm64

# The real-time headline, committed as results/reference-uml: 7.2 under
# User-Mode Linux, 2 vCPUs pinned, the replicas and two clock functions, task
# context, no writer and one writer on the other vCPU at 1 ms, 10 us and back
# to back; 5 runs of 100 ms over 3 boots (the boot the statistical unit).
reference-uml: deps stats
	@set -e; run=$$(ACCEL=uml KERNELS=7.2 VCPUS=2 WORKLOADS="replicas ktime_get_mono_fast_ns ktime_get_ns" \
		CONTEXTS=task WRITER_PERIODS="none 1000000 10000 0" RUNS=5 DURATION=100 PERF=0 runners/sweep) ; \
	$(call ref_keep,reference-uml) ; \
	runners/plots RUN=reference-uml

# The A/A and A/B benchmark: one kernel against itself under real time (UML,
# 2 vCPUs), odd vs even boots, and against itself with a known effect (the
# module's extra_work, its size measured under icount first); prints and
# keeps results/<run>/aa.txt and fails when the A/A's false positives reach
# lbstats aa's bound or the A/B's power at the effect is < 80% (runners/aa).
aa: deps stats
	@$(if $(filter command line override environment,$(origin KERNELS)),,KERNELS=7.2) $(LB_RUNNER_ARGS) runners/aa
