// SPDX-License-Identifier: GPL-2.0
/* Files: written atomically, directories made writable, read whole (files.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/files.h"

static void say_errno(char *err, size_t errlen, const char *what,
		      const char *path)
{
	int e = errno;

	snprintf(err, errlen, "cannot %s %s: %s%s", what, path, strerror(e),
		 e == EACCES || e == EROFS || e == EPERM ?
		 " (choose a writable directory)" : "");
}

int write_file_atomic(const char *path, const char *buf, size_t len,
		      char *err, size_t errlen)
{
	size_t plen = strlen(path);
	char *tmpl = malloc(plen + 16);
	int ret;

	if (!tmpl) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return -1;
	}
	snprintf(tmpl, plen + 16, "%s.tmp.XXXXXX", path);
	ret = write_file_atomic_tmp(path, tmpl, buf, len, err, errlen);
	free(tmpl);
	return ret;
}

int sync_parent_dir(const char *path, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	int fd, ret;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path) ? (int)(slash - path) : 1, path);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		say_errno(err, errlen, "open directory", dir);
		return -1;
	}
	ret = fsync(fd);
	if (ret)
		say_errno(err, errlen, "sync directory", dir);
	close(fd);
	return ret ? -1 : 0;
}

int write_output(const char *file, const struct sbuf *b)
{
	char err[512];

	if (b->oom) {
		fprintf(stderr, "zns-stat: out of memory\n");
		return 1;
	}
	if (file && strcmp(file, "-")) {
		if (!write_file_atomic(file, b->s ? b->s : "", b->len, err, sizeof(err)))
			return 0;
		fprintf(stderr, "zns-stat: %s\n", err);
		return 1;
	}
	fwrite(b->s ? b->s : "", 1, b->len, stdout);
	return 0;
}

int write_file_atomic_tmp(const char *path, const char *tmpl, const char *buf,
			  size_t len, char *err, size_t errlen)
{
	char *tmp = strdup(tmpl);
	size_t done = 0;
	mode_t mask;
	int fd;

	if (!tmp) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return -1;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		say_errno(err, errlen, "write", path);
		free(tmp);
		return -1;
	}
	/* mkstemp makes 0600; an output file gets the usual 0666 & ~umask. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		goto fail;
	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		done += n;
	}
	if (fsync(fd) || close(fd)) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path))
		goto fail;
	free(tmp);
	return 0;
fail:
	say_errno(err, errlen, "write", path);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}

int make_dir_writable(const char *dir, char *err, size_t errlen)
{
	char *copy = strdup(dir), *p;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(copy, 0777) && errno != EEXIST) {
				say_errno(err, errlen, "create directory", copy);
				free(copy);
				return -1;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	free(copy);
	if (access(dir, W_OK | X_OK)) {
		say_errno(err, errlen, "write into", dir);
		return -1;
	}
	return 0;
}

char *slurp_file(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap + 1);
	FILE *f;
	int e;

	if (!buf)
		return NULL;
	f = fopen(path, "r");
	if (!f) {
		e = errno;
		free(buf);
		errno = e;
		return NULL;
	}
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *bigger = realloc(buf, 2 * cap + 1);

			if (!bigger) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	e = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (e) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}
