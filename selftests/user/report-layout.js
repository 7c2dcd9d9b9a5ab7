// report-layout.js: host-checks.sh loads it into a copy of a zns-stat HTML
// page (report, its comparison, ledger report), shown in a frame of the
// width to check (report-layout.html). Once the page is laid out, it tells
// the frame's page the page's width and its heatmaps' columns, and one line
// per finding: the page scrolls sideways; a block runs past the window or
// overlaps another; a figure's drawing is wider than its box; a figure's
// text runs past its edge, lies on its cells or overlaps another text.
window.addEventListener("load", function () {
	var out = [], W = window.innerWidth, near = 1, i, j, k;	// near: px of rounding
	function r(e) { return e.getBoundingClientRect(); }
	function meets(a, c) {
		return a.left < c.right - near && c.left < a.right - near &&
			a.top < c.bottom - near && c.top < a.bottom - near;
	}
	function name(e) {
		var f = e.closest("figure");
		return f && f.id ? "figure " + f.id : e.tagName.toLowerCase();
	}
	function words(t) {
		var s = t.textContent.trim();
		return "\"" + (s.length > 60 ? s.slice(0, 57) + "..." : s) + "\"";
	}
	function say(s) { if (out.length < 40) out.push(s); }
	if (document.documentElement.scrollWidth > W)
		say("the page is " + document.documentElement.scrollWidth + " px wide in a " + W + " px window");
	// the page's blocks, one below the other, and the heatmaps in their grid
	var blocks = document.querySelectorAll("body > *:not(script), div.heatmaps > figure");
	for (i = 0; i < blocks.length; i++) {
		var a = r(blocks[i]);
		if (a.right > W + near)
			say(name(blocks[i]) + " ends at " + Math.round(a.right) + " px, past the window's " + W);
		for (j = 0; j < i; j++)
			if (!blocks[j].contains(blocks[i]) && meets(a, r(blocks[j])))
				say(name(blocks[i]) + " overlaps " + name(blocks[j]));
	}
	// a table scrolls in its own box on a phone, never in a desktop's window
	// (but every column of the zones, folded in div.wide, which is for that)
	if (W >= 1000)
		document.querySelectorAll("table").forEach(function (t) {
			if (!t.closest("div.wide") && t.scrollWidth > t.clientWidth + near)
				say("the table of " + words(t.rows[0].cells[0]) + " scrolls sideways in its box: " +
				    t.scrollWidth + " px in " + t.clientWidth);
		});
	// each figure: its drawing within its box, its words within the drawing
	var svgs = document.querySelectorAll("figure > svg");
	for (i = 0; i < svgs.length; i++) {
		var s = svgs[i], sb = r(s), fb = r(s.parentNode), who = name(s);
		var texts = [], boxes = [], cells = s.querySelector("g.cells");
		var cb = cells ? r(cells) : null;
		if (sb.left < fb.left - near || sb.right > fb.right + near)
			say(who + ": the drawing (" + Math.round(sb.width) + " px) is wider than its box (" +
			    Math.round(fb.width) + " px)");
		s.querySelectorAll("text").forEach(function (t) {
			if (t.textContent.trim()) {
				texts.push(t);
				boxes.push(r(t));
			}
		});
		for (j = 0; j < texts.length; j++) {
			var b = boxes[j];
			if (b.left < sb.left - near || b.right > sb.right + near ||
			    b.top < sb.top - near || b.bottom > sb.bottom + near)
				say(who + ": " + words(texts[j]) + " runs past the figure's edge");
			if (cb && !texts[j].closest("g.values") && meets(b, cb))
				say(who + ": " + words(texts[j]) + " lies on the cells");
			for (k = 0; k < j; k++)
				if (meets(b, boxes[k]))
					say(who + ": " + words(texts[j]) + " overlaps " + words(texts[k]));
		}
	}
	var f = document.querySelectorAll("div.heatmaps figure"), left = {};
	for (i = 0; i < f.length; i++)
		left[Math.round(r(f[i]).left)] = 1;
	parent.postMessage("width " + document.documentElement.scrollWidth + " of " + W +
		"; heatmaps " + f.length + " in " + Object.keys(left).length + " columns\n" +
		out.join("\n"), "*");
});
