# latchbench: seqcount latch vs seqcount vs RCU, measured in QEMU guests.
#   make bench   run the default sweep (PROFILE=quick|full, see runners/sweep)
#   make test    run every test suite (bats)
SHELL := /bin/bash
KERNELS ?= 6.1 6.12
KVER ?= 6.12
PREEMPT ?= voluntary
export KERNELS

.PHONY: all deps kernel kernels module initramfs bench plots report stats test check lint clean help

all: help

help:
	@sed -n '2,4p' Makefile | sed 's/^# //'

deps:
	@runners/deps

kernel: deps
	runners/build-kernel $(KVER) $(PREEMPT)

kernels: deps
	@for k in $(KERNELS); do runners/build-kernel $$k $(PREEMPT) || exit 1; done

# Out-of-tree module builds go to build/, never into bench-module/.
module: kernel
	rm -rf build/module-$(KVER) && mkdir -p build/module-$(KVER)
	cp bench-module/*.[ch] bench-module/Kbuild build/module-$(KVER)/
	$(MAKE) -C $$(. runners/lib.sh && lb_kbuild_dir $(KVER) $(PREEMPT)) M=$(CURDIR)/build/module-$(KVER) W=1 modules

initramfs: kernel
	runners/build-initramfs $(KVER) $(PREEMPT) build/initramfs-$(KVER)-$(PREEMPT).cpio.gz

stats:
	@$(MAKE) -s -C stats

bench: deps stats
	@run=$$(runners/sweep) ; rc=$$? ; \
	if [ -n "$$run" ] && [ -f "$$run/results.csv" ]; then \
		runners/plots "$$(basename $$run)" || rc=1 ; \
		runners/report RUN="$$(basename $$run)" > "$$run/report.txt" 2>&1 && cat "$$run/report.txt" ; \
	fi ; exit $$rc

plots: stats
	runners/plots $(RUN)

report: stats
	runners/report $(if $(RUN),RUN=$(RUN)) $(if $(BASE),BASE=$(BASE)) $(if $(NEW),NEW=$(NEW))

test: deps stats
	tests/run

lint:
	shellcheck -x runners/* tests/run .ci/run
	@for f in bench-module/*.[ch]; do \
		$$(. runners/lib.sh && echo $$LB_CACHE)/src/6.12/scripts/checkpatch.pl --no-tree -f -q --terse $$f || exit 1; done

clean:
	rm -rf build
