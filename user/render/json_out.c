// SPDX-License-Identifier: GPL-2.0
/* Writing json-c documents into an sbuf (json_out.h). */
#include <stdio.h>
#include <string.h>

#include "lib/numbers.h"
#include "lib/sbuf.h"
#include "render/json_out.h"

void json_write(struct sbuf *b, struct json_object *o, int pretty)
{
	int flags = JSON_C_TO_STRING_NOSLASHESCAPE |
		    (pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED :
		     JSON_C_TO_STRING_SPACED);
	const char *s = json_object_to_json_string_ext(o, flags);

	if (!s)
		b->oom = 1;
	else
		sbuf_put(b, s, strlen(s));
	json_object_put(o);
}

struct json_object *json_fixed(double v, int decimals)
{
	char text[48];

	snprintf(text, sizeof(text), "%.*f", decimals, v);
	return json_object_new_double_s(v, text);
}

struct json_object *json_code(uint64_t code)
{
	char hex[24];

	fmt_hex(hex, sizeof(hex), code);
	return json_object_new_string(hex);
}

struct json_object *json_id(uint64_t v)
{
	char dec[24];

	fmt_u64(dec, sizeof(dec), v);
	return json_object_new_string(dec);
}

struct json_object *json_number_or_string(const char *s)
{
	uint64_t v;

	/* JSON has no leading zeros: "007" stays text */
	if (!parse_u64(s, &v) && (s[0] != '0' || !s[1]))
		return json_object_new_uint64(v);
	return json_object_new_string(s);
}
