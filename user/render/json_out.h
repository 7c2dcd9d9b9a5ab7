/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON through json-c (what nvme-cli uses): every view builds its document
 * as json-c objects and writes it here, so escaping, numbers and layout are
 * the library's, the same in every view.
 */
#ifndef ZNS_STAT_JSON_OUT_H
#define ZNS_STAT_JSON_OUT_H

#include <stdint.h>
#include <json-c/json.h>

#include "lib/sbuf.h"

/* o serialized into b, then put: indented (a document) or on one line. */
void json_write(struct sbuf *b, struct json_object *o, int pretty);

/* v printed with exactly decimals digits after the point ("0.977"). */
struct json_object *json_fixed(double v, int decimals);

/* A text value that is a decimal number: that number; else the text. */
struct json_object *json_number_or_string(const char *s);

/*
 * A status code as nvme-cli writes it, "0x1bc" ("0x0": none): one encoding
 * in the table, CSV, JSON and Prometheus.
 */
struct json_object *json_code(uint64_t code);

/*
 * A 64-bit identifier (a cgroup id, a time in ns) as a decimal string: a
 * JSON reader's double keeps 53 bits, and jq would round 1764000000123456789.
 */
struct json_object *json_id(uint64_t v);

/* obj[key] = v, for short lines. */
static inline void json_set(struct json_object *obj, const char *key,
			    struct json_object *v)
{
	json_object_object_add(obj, key, v);
}

#endif
