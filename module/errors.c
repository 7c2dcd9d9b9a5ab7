// SPDX-License-Identifier: GPL-2.0
/*
 * Failed commands of a namespace by NVMe status and operation: the eight
 * ZNS zone errors and the host-side path error and abort by name, any other
 * status by its raw code (a small table claimed with cmpxchg), and so the
 * block layer's outcomes of mirror.c's fallback. Errors are
 * rare, so plain atomics are enough.
 */
#include "internal.h"

static int status_kind(u16 status)
{
	if (status >= 0x1b8 && status <= 0x1bf)
		return ZNS_ST_ZONE_BOUNDARY + (status - 0x1b8);
	if (status == 0x370)
		return ZNS_ST_HOST_PATH_ERROR;
	if (status == 0x371)
		return ZNS_ST_HOST_ABORTED;
	return -1;
}

static void count_other(struct status_table *st, unsigned int opi,
			u16 status)
{
	int i, free_code;

	for (i = 0; i < ZNS_OTHER_CODES; i++) {
		free_code = 0;
		if (atomic_read(&st->other[i].code) == status ||
		    atomic_try_cmpxchg(&st->other[i].code, &free_code, status) ||
		    free_code == status) {
			atomic64_inc(&st->other[i].count[opi]);
			return;
		}
	}
	atomic64_inc(&st->unlisted[opi]);
}

/**
 * zns_errors_count() - count a failed command by its status
 * @tbl: the namespace's table
 * @opi: its operation (enum zns_op_index)
 * @status: NVMe SCT << 8 | SC, or a block-layer code (include/zns_stat.h)
 *
 * A status without a name takes a slot of the small table (cmpxchg), or
 * counts as unlisted once it is full.
 *
 * Context: Any context up to hard IRQ (the completion probes; the discovery
 * worker for early.c's commands), under rcu_read_lock() or with @tbl
 * otherwise held; lock-free.
 */
void zns_errors_count(struct zone_table *tbl, unsigned int opi, u16 status)
{
	int kind = status_kind(status);

	if (kind >= 0)
		atomic64_inc(&tbl->status.known[kind][opi]);
	else
		count_other(&tbl->status, opi, status);
}

/* Codes beyond NVMe's come from the block layer (include/zns_stat.h). */
static const char *other_name(u16 code)
{
	if (code == ZNS_STATUS_RETRIED)
		return "failed_retried";
	if (code >= ZNS_STATUS_BLOCK)
		return "block_status";
	return "other";
}

static void show_row(struct seq_file *m, const char *name, u16 code,
		     atomic64_t *count)
{
	unsigned int opi;

	seq_printf(m, "%s %#x", name, code);
	for (opi = 0; opi < ZNS_NR_OPS; opi++)
		seq_put_decimal_ull(m, " ", atomic64_read(&count[opi]));
	seq_putc(m, '\n');
}

/**
 * zns_errors_show() - the "errors" file: failed commands by status and
 * operation
 * @m: the seq_file of the namespace's file; m->private is the namespace
 * @v: unused (single_open())
 *
 * Context: Process context, a read of its debugfs file; takes
 * rcu_read_lock().
 * Return: 0.
 */
int zns_errors_show(struct seq_file *m, void *v)
{
	struct zns_ns *ns = m->private;
	struct status_table *st;
	unsigned int i;
	u16 code;

	seq_puts(m, "# error code");
	for (i = 0; i < ZNS_NR_OPS; i++) {
		seq_putc(m, ' ');
		seq_puts(m, zns_op_names[i]);
	}
	seq_putc(m, '\n');

	rcu_read_lock();
	st = &rcu_dereference(ns->zones)->status;
	for (i = 0; i < ZNS_NR_STATUS_KINDS; i++)
		show_row(m, zns_status_names[i].name, zns_status_names[i].code,
			 st->known[i]);
	for (i = 0; i < ZNS_OTHER_CODES; i++) {
		code = atomic_read(&st->other[i].code);
		if (code)
			show_row(m, other_name(code), code,
				 st->other[i].count);
	}
	show_row(m, "other_unlisted", 0, st->unlisted);
	rcu_read_unlock();
	return 0;
}
