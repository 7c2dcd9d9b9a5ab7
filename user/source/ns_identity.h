/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who a namespace is, whatever it is named today: its NGUID, else its
 * EUI-64, else its UUID (the files nvme_core shows in /sys/block/<disk>/
 * when the controller reports a non-zero one, 4.5 to 6.12 alike), else the
 * serial of its controller or subsystem (device/serial) with its NSID.
 * A renamed disk keeps its identity; a namespace created anew gets another
 * one (except with the last resort, which a namespace deleted and created
 * again with the same NSID keeps). ZNS_STAT_SYSFS: another sysfs root.
 */
#ifndef ZNS_STAT_NS_IDENTITY_H
#define ZNS_STAT_NS_IDENTITY_H

#include <stddef.h>

/*
 * "nguid.<value>", "eui.<hex>", "uuid.<value>" or "serial.<s>.nsid.<n>",
 * in letters, digits, '.', '-' and '_' only; -1 with err when the disk
 * shows none of them.
 */
int ns_identity(const char *disk, char *id, size_t len, char *err,
		size_t errlen);

#endif
