// SPDX-License-Identifier: GPL-2.0
/*
 * write-stream DEV OFFSET BYTES STREAM: one O_DIRECT write of zeroes to a
 * block device through io_uring, with the write stream STREAM (1-based;
 * 0: none), as Linux 6.16+ takes it (io_uring_sqe.write_stream). nvme_core
 * turns a stream into the namespace's placement ID (directive type 2).
 * Raw system calls: bookworm's liburing predates write streams. Exit 0 when
 * the write completed in full; else the error on stderr, exit 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* io_uring_sqe.write_stream: the first byte of the splice_fd_in union (6.16) */
#define SQE_WRITE_STREAM_OFFSET	44

int main(int argc, char **argv)
{
	struct io_uring_params p = { 0 };
	struct io_uring_sqe *sqes, *sqe;
	struct io_uring_cqe *cqe;
	unsigned int *sq_tail, *sq_array, *cq_head, *cq_tail;
	size_t sq_len, cq_len, bytes;
	void *sq, *cq, *buf;
	int ring, fd, res;

	if (argc != 5) {
		fprintf(stderr, "usage: %s DEV OFFSET BYTES STREAM\n", argv[0]);
		return 2;
	}
	bytes = strtoull(argv[3], NULL, 0);
	fd = open(argv[1], O_WRONLY | O_DIRECT);
	if (fd < 0 || posix_memalign(&buf, 4096, bytes)) {
		perror(argv[1]);
		return 1;
	}
	memset(buf, 0, bytes);
	ring = syscall(__NR_io_uring_setup, 1, &p);
	if (ring < 0) {
		perror("io_uring_setup");
		return 1;
	}
	sq_len = p.sq_off.array + p.sq_entries * sizeof(unsigned int);
	cq_len = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	sq = mmap(NULL, sq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		  ring, IORING_OFF_SQ_RING);
	cq = mmap(NULL, cq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		  ring, IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_POPULATE, ring, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	sq_tail = (unsigned int *)((char *)sq + p.sq_off.tail);
	sq_array = (unsigned int *)((char *)sq + p.sq_off.array);
	cq_head = (unsigned int *)((char *)cq + p.cq_off.head);
	cq_tail = (unsigned int *)((char *)cq + p.cq_off.tail);

	sqe = &sqes[0];
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_WRITE;
	sqe->fd = fd;
	sqe->addr = (uintptr_t)buf;
	sqe->len = bytes;
	sqe->off = strtoull(argv[2], NULL, 0);
	((unsigned char *)sqe)[SQE_WRITE_STREAM_OFFSET] = atoi(argv[4]);
	sq_array[0] = 0;
	__atomic_store_n(sq_tail, *sq_tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, ring, 1, 1, IORING_ENTER_GETEVENTS,
		    NULL, 0) < 0) {
		perror("io_uring_enter");
		return 1;
	}
	if (__atomic_load_n(cq_tail, __ATOMIC_ACQUIRE) == *cq_head) {
		fprintf(stderr, "io_uring: no completion\n");
		return 1;
	}
	cqe = (struct io_uring_cqe *)((char *)cq + p.cq_off.cqes) +
	      (*cq_head & *(unsigned int *)((char *)cq + p.cq_off.ring_mask));
	res = cqe->res;
	if (res < 0 || (size_t)res != bytes) {
		fprintf(stderr, "write of %zu bytes, stream %s: %s\n", bytes,
			argv[4], res < 0 ? strerror(-res) : "short");
		return 1;
	}
	return 0;
}
