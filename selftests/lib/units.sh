# shellcheck shell=bash
# units.sh - zns-stat's systemd units as installed, for host-checks.sh (make
# install's DESTDIR) and deb-checks.sh (the .deb in a bookworm root):
#     . "$repo/selftests/lib/units.sh"
# Each prints findings only (nothing when all is well).
#
#   zns_ledger_units_findings DIR BINDIR
#                            the ledger's units in DIR name BINDIR/zns-stat: the
#                            timer's fold (ExecStart) and the shutdown fold
#                            (ExecStop), into the state directory systemd makes
#   zns_units_verify_findings DIR TOOL OUT
#                            systemd-analyze verify on DIR's zns-stat-* units, in
#                            copies in OUT whose zns-stat is TOOL (verify wants the
#                            executable to exist; sysinit.target is the host's
#                            business)

zns_ledger_units_findings() {
	local dir=$1 want="$2/zns-stat ledger --state-dir /var/lib/zns-stat/ledger --once" u
	grep -qxF "ExecStart=$want" "$dir/zns-stat-ledger.service" ||
		echo "zns-stat-ledger.service: want ExecStart=$want, got: $(grep '^Exec' "$dir/zns-stat-ledger.service")"
	grep -qxF "ExecStop=$want" "$dir/zns-stat-ledger-shutdown.service" ||
		echo "zns-stat-ledger-shutdown.service: want ExecStop=$want, got: $(grep '^Exec' "$dir/zns-stat-ledger-shutdown.service")"
	for u in zns-stat-ledger.service zns-stat-ledger-shutdown.service; do
		grep -qx 'StateDirectory=zns-stat/ledger' "$dir/$u" || echo "$u: no StateDirectory=zns-stat/ledger"
	done
	grep -qx 'WantedBy=timers.target' "$dir/zns-stat-ledger.timer" ||
		echo "zns-stat-ledger.timer: not WantedBy=timers.target"
}

zns_units_verify_findings() {
	local u
	mkdir -p "$3"
	for u in "$1"/zns-stat-*; do
		sed "s|=/usr/bin/zns-stat |=$2 |" "$u" >"$3/${u##*/}"
	done
	(cd "$3" && systemd-analyze verify --man=no ./zns-stat-*) 2>&1 | grep -v 'sysinit.target not found'
}
