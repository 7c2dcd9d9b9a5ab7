#!/bin/bash
# completion-check.sh: zns-stat's bash completion (user/completion/zns-stat)
# without a terminal: each case sets COMP_WORDS as bash would and compares
# COMPREPLY. The tracked disks come from the fixture's debugfs; data files from
# a scratch folder. Every subcommand of the tool's --help and every long option
# in its option tables must be offered. Prints what is wrong; nothing when all
# is well.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=../../user/completion/zns-stat
source "$repo/user/completion/zns-stat" || { echo "cannot source user/completion/zns-stat"; exit 1; }
complete -p zns-stat 2>/dev/null | grep -q -- '-F _zns_stat zns-stat$' ||
	echo "the file does not register _zns_stat for zns-stat"

export ZNS_STAT_DEBUGFS=$repo/selftests/user/fixtures/debugfs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/runs"
touch "$scratch/a.dat" "$scratch/b.dat" "$scratch/notes.txt" "$scratch/run.html"
cd "$scratch" || exit 1

# expect "WORDS" "SORTED EXPECTED REPLY": the cursor is on the last word
# (an empty last word: a <Tab> after a space).
expect() {
	local got
	read -ra COMP_WORDS <<<"$1"
	[[ $1 == *' ' ]] && COMP_WORDS+=('')
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_zns_stat zns-stat "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | xargs)
	[ "$got" = "$2" ] || printf 'zns-stat %s<Tab>: got "%s", want "%s"\n' "${1#zns-stat }" "$got" "$2"
}

expect 'zns-stat ' 'broken cgroups detail export help ledger lifecycle placement plot record report zcg zns8 zns8x'
expect 'zns-stat re' 'record report'
expect 'zns-stat zn' 'zns8 zns8x'
expect 'zns-stat zns8 ' 'broken zcg zns8 zns8x'
expect 'zns-stat --ma' '--max-zones'
expect 'zns-stat -o ' 'csv json prom table'
expect 'zns-stat -o j' 'json'
expect 'zns-stat -i 1 -' '--all --bytes --columns --count --file --help --interval --list-columns --max-zones --output --raw --top --version --wide -V -a -b -f -h -i -m -n -o -r -t -w'
expect 'zns-stat -i ' ''
expect 'zns-stat record ' 'broken nvme1n1 zcg zns8 zns8x'
expect 'zns-stat record --c' '--clear --comment'
expect 'zns-stat record -D ' 'runs'
expect 'zns-stat record -d ' ''
expect 'zns-stat plot ' 'a.dat b.dat runs'
expect 'zns-stat plot a.dat --f' '--force'
expect 'zns-stat report a.dat ' 'a.dat b.dat runs'
expect 'zns-stat report -f ' '- run.html runs'
expect 'zns-stat report a.dat b.dat -o ' 'csv html json table'
expect 'zns-stat report --o' '--output'
expect 'zns-stat detail -o ' 'csv json table'
expect 'zns-stat lifecycle -o c' 'csv'
expect 'zns-stat detail -' '--bytes --file --help --output -b -f -h -o'
expect 'zns-stat help ' 'cgroups detail export ledger lifecycle placement plot record report'
expect 'zns-stat --col' '--columns'
expect 'zns-stat detail zns8x ' 'broken zcg zns8 zns8x'
expect 'zns-stat cgroups -' '--bytes --file --help --output --wide -b -f -h -o -w'
expect 'zns-stat cgroups -o ' 'csv json prom table'
expect 'zns-stat cgroups ' 'broken zcg zns8 zns8x'
expect 'zns-stat export --' '--help --interval --ledger-dir --max-zones --textfile-dir --zones'
expect 'zns-stat export --textfile-dir ' 'runs'
# export takes the namespaces with placement too (nvme1n1); the zone views do not
expect 'zns-stat export --textfile-dir runs ' 'broken nvme1n1 zcg zns8 zns8x'
expect 'zns-stat export --textfile-dir runs --ledger-dir ' 'runs'
expect 'zns-stat -f ' '- a.dat b.dat notes.txt run.html runs'
expect 'zns-stat ledger ' 'broken nvme1n1 plot report show zcg zns8 zns8x'
expect 'zns-stat ledger --' '--help --interval --once --state-dir'
expect 'zns-stat ledger --state-dir ' 'runs'
expect 'zns-stat ledger show ' 'broken nvme1n1 zcg zns8 zns8x'
expect 'zns-stat ledger show zns8 --' '--all --bytes --file --help --output --state-dir'
expect 'zns-stat ledger show zns8 -o ' 'csv json table'
expect 'zns-stat ledger plot ' 'broken zcg zns8 zns8x'
expect 'zns-stat ledger plot zns8 --' '--dir --force --help --state-dir'
expect 'zns-stat ledger plot zns8 -D ' 'runs'
expect 'zns-stat ledger report zns8 --' '--file --help --state-dir'
expect 'zns-stat ledger report zns8 -f ' '- run.html runs'
expect 'zns-stat ledger show zns8 -f ' '- a.dat b.dat notes.txt run.html runs'
# not the module loaded (or not root): no disk, the subcommands still
ZNS_STAT_DEBUGFS=$scratch/none expect 'zns-stat ' 'cgroups detail export help ledger lifecycle placement plot record report'
# placement: NVMe namespaces (here the fixture's), not the tracked ones
ZNS_STAT_NVME_FIXTURE=$repo/selftests/user/fixtures/nvme expect 'zns-stat placement ' 'nvme0n1 nvme1n1 sda'
ZNS_STAT_NVME_FIXTURE=$repo/selftests/user/fixtures/nvme expect 'zns-stat placement nvme1' 'nvme1n1'
expect 'zns-stat placement -' '--bytes --count --help --interval --output -b -h -i -n -o'
expect 'zns-stat placement nvme1n1 -o ' 'csv json table'
expect 'zns-stat placement nvme1n1 -i ' ''

# Every subcommand of the tool's usage is offered (the tool built: make tool).
if [ -x "$repo/user/zns-stat" ]; then
	read -ra COMP_WORDS <<<'zns-stat'
	COMP_WORDS+=('')
	COMP_CWORD=1
	_zns_stat
	for cmd in $("$repo/user/zns-stat" --help | sed -n 's/^\(usage:\)\{0,1\} *zns-stat \([a-z][a-z-]*\).*/\2/p'); do
		[[ " ${COMPREPLY[*]} " == *" $cmd "* ]] || echo "subcommand $cmd is not completed"
	done
else
	echo "no user/zns-stat to read the subcommands from: make tool"
fi

# Every long option the tool takes is offered somewhere.
grep -rho --include='*.c' '{ "[a-z][a-z-]*", \(no\|required\)_argument' "$repo/user" | cut -d'"' -f2 | sort -u |
	while read -r opt; do
		grep -q -- "--$opt\b" "$repo/user/completion/zns-stat" || echo "--$opt is not completed"
	done
