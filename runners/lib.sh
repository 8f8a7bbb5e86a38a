# shellcheck shell=bash
# Shared helpers for latchbench runner scripts. Sourced, never executed.

LB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LB_CACHE=${LATCHBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/latchbench}
export LB_ROOT LB_CACHE
# No runner is interactive: data comes in files and pipes, never from the
# keyboard. So a runner's standard input, and that of everything it starts,
# is /dev/null: a program that would page or prompt when its stdin is a
# terminal (gnuplot's `set terminal` list, a Kconfig question) reads end of
# file instead of waiting for a key nobody sees. An interactive shell that
# sources this file for its functions keeps its terminal.
case $- in *i*) ;; *) exec </dev/null ;; esac

# The library by topic (runners/lib.d/, each file's first lines say what it
# holds), in this order:
# shellcheck source-path=SCRIPTDIR source=lib.d/cli.sh
. "$LB_ROOT/runners/lib.d/cli.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/kernels.sh
. "$LB_ROOT/runners/lib.d/kernels.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/build.sh
. "$LB_ROOT/runners/lib.d/build.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/tiers.sh
. "$LB_ROOT/runners/lib.d/tiers.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/run.sh
. "$LB_ROOT/runners/lib.d/run.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/vocab.sh
. "$LB_ROOT/runners/lib.d/vocab.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/accel.sh
. "$LB_ROOT/runners/lib.d/accel.sh"
# shellcheck source-path=SCRIPTDIR source=lib.d/host.sh
. "$LB_ROOT/runners/lib.d/host.sh"
