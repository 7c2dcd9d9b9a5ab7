# shellcheck shell=bash
# apt.sh - apt-get for the harness, on a machine where unattended upgrades (or a
# person) may hold apt's and dpkg's locks. Every script that runs apt-get sources it:
#     . "$repo/selftests/lib/apt.sh"
#
#   zns_apt_get ARGS...      apt-get ARGS (DEBIAN_FRONTEND=noninteractive); a lock
#                            held by another process is waited for, at most
#                            $ZNS_APT_LOCK_TIMEOUT seconds in all [600]; then one line
#                            on stderr names the lock, its holder and the variable,
#                            and the status is 75 (EX_TEMPFAIL). Otherwise apt-get's.
#   zns_apt_install ARGS... zns_apt_get install -y --no-install-recommends ARGS; if
#                            that fails, not for a lock, once more after apt-get update
#                            (with ARGS' -q options).
#
# Why both: apt waits for dpkg's locks (lock-frontend, lock) itself with
# DPkg::Lock::Timeout (apt >= 1.9.11), but not for /var/lib/apt/lists/lock (apt-get
# update) or /var/cache/apt/archives/lock: those fail at once, and are retried here
# until the same deadline. dpkg alone never waits (no dpkg -i here: apt install
# ./x.deb). apt-cache, apt-get download, dpkg-query and dpkg-deb take no lock.
# mmdebstrap's apt and dpkg run with Dir set to its own root: their locks are the root's.

zns_apt_get() {
	local limit=${ZNS_APT_LOCK_TIMEOUT:-600} end left err rc lock holder pid a verb=
	[[ $limit =~ ^[0-9]+$ ]] || { echo "ZNS_APT_LOCK_TIMEOUT=$limit: not a number of seconds" >&2; return 2; }
	end=$((${EPOCHREALTIME/./} / 1000 + limit * 1000))	# ms ($SECONDS counts whole seconds)
	err=$(mktemp) || return 1
	while :; do
		left=$(((end - ${EPOCHREALTIME/./} / 1000 + 999) / 1000))
		[ "$left" -gt 0 ] || left=0
		rc=0
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$left" "$@" 2>"$err" || rc=$?
		lock=$(zns_apt_lock_of "$err")
		if [ "$rc" = 0 ] || [ -z "$lock" ]; then
			cat "$err" >&2
			rm -f "$err"
			return "$rc"
		fi
		[ "$((${EPOCHREALTIME/./} / 1000))" -lt "$end" ] || break
		sleep 1
	done
	holder=$(sed -n 's/^E: Could not get lock .*It is held by process \(.*\)$/\1/p' "$err" | head -n 1)
	if [ -z "$holder" ]; then	# apt could not tell (F_GETLK): whoever has the file open
		for pid in $(fuser "$lock" 2>/dev/null); do
			holder+="${holder:+, }$pid ($(cat "/proc/$pid/comm" 2>/dev/null))"
		done
	fi
	rm -f "$err"
	for a in "$@"; do	# the command, past -o NAME=VALUE and other options
		if [ "$verb" = -o ]; then verb=
		elif [ "$a" = -o ]; then verb=-o
		elif [[ $a != -* ]]; then verb=$a; break
		fi
	done
	echo "apt-get $verb: $lock still held after ${limit} s${holder:+ by process $holder}; wait for it to finish, or raise ZNS_APT_LOCK_TIMEOUT (seconds)" >&2
	return 75
}

# The lock an apt-get failed on, from its errors on stderr (what -qq leaves of them).
zns_apt_lock_of() {	# zns_apt_lock_of FILE
	sed -n -e 's/^E: Could not get lock \(.*\)\. It is held by .*/\1/p' \
		-e 's/^E: Unable to acquire the dpkg frontend lock (\([^)]*\)).*/\1/p' \
		-e 's|^E: Unable to lock the administration directory (\([^)]*[^/)]\)/\{0,1\}).*|\1/lock|p' \
		-e 's|^E: Unable to lock directory \(.*[^/]\)/\{0,1\}$|\1/lock|p' "$1" | head -n 1
}

zns_apt_install() {
	local rc=0 a quiet=()
	zns_apt_get install -y --no-install-recommends "$@" || rc=$?
	[ "$rc" != 0 ] && [ "$rc" != 75 ] || return "$rc"
	# Not found, or a stale list: update, then try once more.
	for a in "$@"; do
		case $a in -q | -qq | --quiet) quiet+=("$a") ;; esac
	done
	zns_apt_get update "${quiet[@]}" || return
	zns_apt_get install -y --no-install-recommends "$@"
}
