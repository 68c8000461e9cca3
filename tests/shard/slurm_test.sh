#!/bin/sh
# slurm_test.sh -- a sharded tournament on a real Slurm, merged, equals the
# tournament played in one piece.
#
# Usage: slurm_test.sh ARENA RESULTS_EQUAL SOURCE_DIR
#
# 1. Installs Debian's slurm-wlm and munge when missing (as scripts/deps.sh
#    installs the build dependencies: as root or with sudo, apt-get).
# 2. Starts a one-node cluster of this machine in a temporary directory: a
#    munge key and munged, a generated slurm.conf (free ports, proctrack/
#    linuxproc, task/none, no accounting: nothing that needs cgroups or
#    systemd), slurmctld and slurmd. Its cgroup.conf names the cgroup/v1
#    plugin without mounting: slurmd 22.05 loads a cgroup plugin whatever the
#    rest says, and the default (autodetect) refuses to start where no cgroup
#    file system is mounted -- in a chroot, say -- while v1 waits to be used,
#    which nothing here does ("disabled" came in Slurm 24.05).
# 3. Submits scripts/slurm/arena-shard.sbatch as an array of 4 tasks (one
#    shard each, --cpus-per-task=1, so the script passes -j 1) and
#    arena-merge.sbatch depending on it, waits for both, and requires every
#    task and the merge to have succeeded; then runs task 2 again (as a
#    requeue would), which must resume its finished shard.
# 4. Plays the same tournament unsharded and requires the merged results to
#    equal it (results_equal: every match result, log, table and rating).
#
# Exit 0 passed; 1 failed (the reason, and the daemons' and jobs' logs);
# 77 (ctest: skipped) only where this machine cannot run Slurm at all, said
# loudly: not root (slurmd must be), or ARENA_SLURM_TEST=skip. At the end its
# jobs are cancelled, its daemons stopped (each runs under `timeout 900`, so
# not even a killed script leaves them for long) and its directory removed.
set -u
arena=${1:?usage: slurm_test.sh ARENA RESULTS_EQUAL SOURCE_DIR}
equal=${2:?usage: slurm_test.sh ARENA RESULTS_EQUAL SOURCE_DIR}
src=${3:?usage: slurm_test.sh ARENA RESULTS_EQUAL SOURCE_DIR}
# Slurm runs the jobs elsewhere (its spool directory): absolute paths only.
case $arena in /*) ;; *) arena=$PWD/$arena ;; esac
case $equal in /*) ;; *) equal=$PWD/$equal ;; esac
case $src in /*) ;; *) src=$PWD/$src ;; esac
# A generous clock: a loaded machine must not turn a slow start into a time
# forfeit in one run and not the other.
args="--game morris --bots random morris_greedy random --rounds 4 --seed 16 --move-time 60000"

skip() {
    echo "slurm_shards: SKIPPED, NOT TESTED: $*" >&2
    exit 77
}
[ "${ARENA_SLURM_TEST:-}" = skip ] && skip "ARENA_SLURM_TEST=skip"
[ "$(id -u)" -eq 0 ] || skip "slurmd and munged must run as root to start jobs; run the tests as root"

tmp=""
fail() {
    echo "slurm_shards: FAIL: $*" >&2
    if [ -n "$tmp" ]; then
        for f in "$tmp"/log/* "$tmp"/work/*.out; do
            [ -f "$f" ] && { echo "--- $f" >&2; tail -n 25 "$f" >&2; }
        done
    fi
    exit 1
}

# --- 1. packages ------------------------------------------------------------
missing=""
for p in sbatch:slurm-wlm slurmctld:slurm-wlm slurmd:slurm-wlm munged:munge; do
    command -v "${p%%:*}" >/dev/null 2>&1 || missing="$missing ${p#*:}"
done
if [ -n "$missing" ]; then
    missing=$(printf '%s\n' $missing | sort -u | tr '\n' ' ')
    echo "slurm_shards: installing $missing"
    export DEBIAN_FRONTEND=noninteractive
    # another apt-get may hold the lock for a while: wait for it
    { apt-get -o DPkg::Lock::Timeout=600 update -qq &&
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing; } \
        >"${TMPDIR:-/tmp}/arena-slurm-apt.log" 2>&1 ||
        fail "cannot install $missing (apt-get: see ${TMPDIR:-/tmp}/arena-slurm-apt.log)"
fi

# --- 2. a one-node cluster --------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arena-slurm-XXXXXX") || fail "mktemp"
# The daemons run in the foreground, each under `timeout` (which passes our
# TERM on): so they end with this script, and even a script killed outright
# (a ctest timeout) leaves nothing running for longer than the timeout.
pids=""
daemon() {
    timeout 900 "$@" >>"$tmp/log/daemons.out" 2>&1 &
    pids="$pids $!"
}
cleanup() {
    # Jobs first: their slurmstepd would outlive slurmd.
    if [ -n "$pids" ] && scancel --quiet --full "${jid:-0}" "${mjid:-0}" 2>/dev/null; then
        i=0
        while [ -n "$(squeue -h 2>/dev/null)" ] && [ $i -lt 20 ]; do
            sleep 0.5
            i=$((i + 1))
        done
    fi
    # shellcheck disable=SC2086 # a list of pids
    [ -n "$pids" ] && kill $pids 2>/dev/null && wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/work"
chmod 700 "$tmp/munge"

# A TCP port nobody listens on (/proc/net/tcp lists them in hex).
port_free() {
    hex=$(printf ':%04X ' "$1")
    ! grep -qi "$hex" /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
pick_port() {
    p=$((20000 + ($$ * 7 + $1 * 131) % 30000))
    while ! port_free "$p" || ! port_free $((p + 1)); do p=$((p + 2)); done
    echo "$p"
}
ctld_port=$(pick_port 1)
node_port=$((ctld_port + 1))
host=$(hostname -s)
cpus=$(nproc)

dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
sock=$tmp/munge/munge.socket
daemon munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$sock" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
    --seed-file="$tmp/munge/munged.seed"
i=0
until [ -S "$sock" ]; do
    i=$((i + 1))
    [ $i -le 100 ] || fail "munged does not start"
    sleep 0.1
done

cat >"$tmp/slurm.conf" <<EOF
ClusterName=arenatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=arena Nodes=ALL Default=YES MaxTime=10 State=UP
EOF
printf 'CgroupPlugin=cgroup/v1\nCgroupAutomount=no\n' >"$tmp/cgroup.conf"
export SLURM_CONF="$tmp/slurm.conf"
daemon slurmctld -D -i -f "$SLURM_CONF"
daemon slurmd -D -f "$SLURM_CONF"

# The node idle within a minute.
i=0
until [ "$(sinfo -h -o %T 2>/dev/null)" = idle ]; do
    i=$((i + 1))
    [ $i -le 60 ] || fail "slurmctld and slurmd did not start, or the node never became idle" \
        "(sinfo: $(sinfo -h 2>&1))"
    sleep 1
done
echo "slurm_shards: cluster of $host up (slurmctld :$ctld_port, slurmd :$node_port)"

# --- 3. the array job and its merge -----------------------------------------
cd "$tmp/work" || fail "cd"
export ARENA="$arena" ARENA_RESULTS="$tmp/work/results"
# shellcheck disable=SC2086 # $args is a list of words
jid=$(sbatch --parsable --array=1-4 --cpus-per-task=1 --output="$tmp/work/shard-%A_%a.out" \
    "$src/scripts/slurm/arena-shard.sbatch" $args) || fail "sbatch of the shards: $jid"
mjid=$(sbatch --parsable --dependency=afterok:"$jid" --kill-on-invalid-dep=yes \
    --output="$tmp/work/merge-%j.out" "$src/scripts/slurm/arena-merge.sbatch" "$jid") ||
    fail "sbatch of the merge: $mjid"
echo "slurm_shards: submitted array job $jid (4 shards) and merge job $mjid"

state_of() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort -u | tr '\n' ' '; }
i=0
while :; do
    s=$(state_of "$mjid")
    case $s in
    *PENDING* | *RUNNING* | *CONFIGURING* | *COMPLETING* | "") ;;
    *) break ;;
    esac
    i=$((i + 1))
    [ $i -le 300 ] || fail "jobs unfinished after 300 s (shards: $(state_of "$jid"), merge: $s)"
    sleep 1
done
shards=$(state_of "$jid")
[ "$shards" = "COMPLETED " ] || fail "shard tasks ended $shards"
[ "$s" = "COMPLETED " ] || fail "the merge job ended $s"
for t in 1 2 3 4; do
    grep -q "Shard $t/4: " "$tmp/work/shard-${jid}_$t.out" ||
        fail "task $t did not play shard $t/4"
    grep -q -- "-j 1$" "$tmp/work/shard-${jid}_$t.out" ||
        fail "task $t did not play with -j \$SLURM_CPUS_PER_TASK (1)"
done
grep -q "Merged 4 shards: 24 matches" "$tmp/work/merge-$mjid.out" || fail "the merge did not say so"

# A task run again (as Slurm requeues it) resumes its shard: nothing is left.
ARENA_RUN=$jid ARENA_SHARDS=4 timeout 120 sbatch --wait --array=2 --cpus-per-task=1 \
    --output="$tmp/work/again-%A_%a.out" "$src/scripts/slurm/arena-shard.sbatch" $args \
    >/dev/null 2>&1 || fail "shard 2 run again failed"
again=$(cat "$tmp/work"/again-*_2.out)
case $again in
*"resuming shard 2/4"*"Resuming: 6 of 6 matches already played"*) ;;
*) fail "shard 2 run again did not resume: $again" ;;
esac

# --- 4. against the tournament in one piece ---------------------------------
# shellcheck disable=SC2086
"$arena" tournament $args -j 2 --quiet --out "$tmp/whole" >"$tmp/log/whole.out" 2>&1 ||
    fail "the unsharded tournament"
"$equal" "$ARENA_RESULTS" "$tmp/whole" || fail "merged shards differ from the whole tournament"
echo "slurm_shards: 4 shards on Slurm, merged by a dependent job, equal the unsharded tournament"
