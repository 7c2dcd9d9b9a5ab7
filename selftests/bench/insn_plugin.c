// SPDX-License-Identifier: GPL-2.0
/*
 * insn_plugin.c - a QEMU TCG plugin for the benchmark's phase insn: how many
 * times each guest kernel instruction ran, between marks the guest sets.
 *
 * Every instruction at or above the kernel's half of the address space gets
 * an inline counter (one vCPU: the counters are not atomic). A mark is the
 * instruction "xchg %bx,%bx" (66 87 db, Bochs' magic breakpoint, a no-op
 * anywhere else), which zbench executes for "zbench mark"; at each mark the
 * plugin appends to its output file the counts since the previous mark:
 *
 *   mark N
 *   ADDRESS COUNT        (hex address, decimal count; only those that ran)
 *
 * so the instructions of a run the guest brackets with two marks are segment
 * N of the file. insn-report.py names the addresses. At exit the counts since
 * the last mark follow a line "tail": with no mark at all, the whole run's
 * (insn-profile.py names them, e.g. for a test on the debug kernel).
 *
 * QEMU's plugin API, version 1 (QEMU 7.2): the few declarations used are
 * below, as QEMU's documentation gives them; Debian packages no header.
 *
 * Usage: -plugin file=insn_plugin.so,out=FILE
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
					    void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define KERNEL_START	0xffff800000000000ULL
#define SLOTS		(1u << 21)	/* the kernel's instructions that run: far fewer */

/* One instruction's counter; its count at the last mark. */
struct slot {
	uint64_t vaddr;
	uint64_t count;
	uint64_t at_mark;
};

static struct slot *slots;
static unsigned int used;
static FILE *out;
static unsigned long marks;

static struct slot *slot_of(uint64_t vaddr)
{
	uint64_t h = (vaddr * 0x9e3779b97f4a7c15ULL) >> 43;
	unsigned int i = h & (SLOTS - 1);

	while (slots[i].vaddr && slots[i].vaddr != vaddr)
		i = (i + 1) & (SLOTS - 1);
	if (!slots[i].vaddr) {
		if (used >= SLOTS / 2)
			return NULL;	/* full: counted no further, said at exit */
		slots[i].vaddr = vaddr;
		used++;
	}
	return &slots[i];
}

/* The counts since the last mark, after a line "mark N" or "tail". */
static void write_counts(void)
{
	unsigned int i;

	for (i = 0; i < SLOTS; i++) {
		struct slot *s = &slots[i];

		if (s->vaddr && s->count != s->at_mark) {
			fprintf(out, "%" PRIx64 " %" PRIu64 "\n", s->vaddr,
				s->count - s->at_mark);
			s->at_mark = s->count;
		}
	}
	fflush(out);
}

static void mark(unsigned int vcpu_index, void *userdata)
{
	fprintf(out, "mark %lu\n", ++marks);
	write_counts();
}

static bool is_mark(const struct qemu_plugin_insn *insn)
{
	static const unsigned char xchg_bx_bx[] = { 0x66, 0x87, 0xdb };

	return qemu_plugin_insn_size(insn) == sizeof(xchg_bx_bx) &&
	       !memcmp(qemu_plugin_insn_data(insn), xchg_bx_bx,
		       sizeof(xchg_bx_bx));
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
		struct slot *s;

		if (vaddr < KERNEL_START) {
			if (is_mark(insn))
				qemu_plugin_register_vcpu_insn_exec_cb(insn, mark,
					QEMU_PLUGIN_CB_NO_REGS, NULL);
			continue;
		}
		s = slot_of(vaddr);
		if (s)
			qemu_plugin_register_vcpu_insn_exec_inline(insn,
				QEMU_PLUGIN_INLINE_ADD_U64, &s->count, 1);
	}
}

static void finished(qemu_plugin_id_t id, void *userdata)
{
	fprintf(out, "tail\n");
	write_counts();
	fprintf(out, "end marks=%lu slots=%u full=%d\n", marks, used,
		used >= SLOTS / 2);
	fclose(out);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	const char *path = NULL;
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			path = argv[i] + 4;
	if (!path) {
		fprintf(stderr, "insn_plugin: out=FILE is required\n");
		return -1;
	}
	if (info->system.smp_vcpus != 1) {
		fprintf(stderr, "insn_plugin: one vCPU only (-smp 1): the counters are not atomic\n");
		return -1;
	}
	slots = calloc(SLOTS, sizeof(*slots));
	out = fopen(path, "w");
	if (!slots || !out) {
		perror("insn_plugin");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	qemu_plugin_register_atexit_cb(id, finished, NULL);
	return 0;
}
