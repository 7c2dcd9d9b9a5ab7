/* SPDX-License-Identifier: GPL-2.0 */
/* One self-contained HTML page of a recorded run. */
#ifndef ZNS_STAT_REPORT_HTML_H
#define ZNS_STAT_REPORT_HTML_H

struct datafile;
struct sbuf;

void report_html(struct sbuf *b, const struct datafile *df,
		 const char *datapath);

#endif
