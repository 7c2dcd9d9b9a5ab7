#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A ledger state file of N zones for the figures' checks (host-checks.sh):
# fixtures/ledger/good-v2.ledger's namespace, every zone reset 1 to 7 times
# with a full zone's data written each time, and one zone in 4096 (zone
# 4095, 8191, ...) reset 500 times: the reset outliers.
# Usage: make-ledger.sh N >FILE
n=${1:?usage: make-ledger.sh N}
here=$(dirname "$0")
sed -n '1,/^# zone /p' "$here/fixtures/ledger/good-v2.ledger" | sed "s/^nr_zones: .*/nr_zones: $n/"
awk -v n="$n" 'BEGIN {
	for (z = 0; z < n; z++) {
		r = z % 4096 == 4095 ? 500 : z % 7 + 1
		# reads..write_zeroes_sectors, resets, finishes..errors, fill_resets,
		# fill_sum_sectors, fill_min, fill_max; then the bases, all 0
		printf "%d 0 0 %d %d 0 0 0 0 %d 0 0 0 0 %d %d 2048 2048", z, r * 16, r * 2048, r, r, r * 2048
		for (i = 0; i < 15; i++)
			printf " 0"
		printf "\n"
	}
	print "end"
}'
