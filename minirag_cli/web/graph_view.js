/* mrag graph view: draws the view graph_view.py assembled (embedded as JSON in
 * #mrag-data) with Cytoscape.js. Every text from the index goes into the page
 * through textContent or canvas labels, never as HTML. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("mrag-data").textContent);
  var TYPE_COLOURS = {
    person: "#4e79a7", name: "#76b7b2", work: "#f28e2b", date: "#b9b2a8", location: "#59a14f",
    place: "#59a14f", organization: "#edc948", event: "#e15759", product: "#b07aa1", concept: "#9c755f",
    tag: "#ff9da7", topic: "#9c755f"
  };
  var EXTRA = ["#8cd17d", "#499894", "#d37295", "#a0cbe8", "#ffbe7d", "#86bcb6", "#d4a6c8", "#79706e"];
  var SEED = "#d4a000", WALK = "#e8590c", VOTE = "#1c7ed6";

  function colour(type) {
    if (TYPE_COLOURS[type]) return TYPE_COLOURS[type];
    var h = 0;
    for (var i = 0; i < type.length; i++) h = (h * 31 + type.charCodeAt(i)) >>> 0;
    return EXTRA[h % EXTRA.length];
  }

  /* el("li", {class: "x", onclick: f}, child, "text", ...): text children become text nodes */
  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k.slice(0, 2) === "on") node.addEventListener(k.slice(2), attrs[k]);
      else if (k === "class") node.className = attrs[k];
      else if (k === "style") node.style.cssText = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined) continue;
      node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return node;
  }
  function $(id) { return document.getElementById(id); }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function plural(n, word, many) { return n + " " + (n === 1 ? word : (many || word + "s")); }
  function lines(l) { return l[0] === l[1] ? String(l[0]) : l[0] + "-" + l[1]; }
  function snippet(text, mark) {
    var s = el("div", {class: "snippet"});
    if (!mark) { s.appendChild(document.createTextNode(text)); return s; }
    // mark counts characters (code points, as Python does); a JS string counts UTF-16 units,
    // so every emoji before the mention moved the highlight one unit left
    var chars = Array.from(text);
    s.appendChild(document.createTextNode(chars.slice(0, mark[0]).join("")));
    s.appendChild(el("mark", null, chars.slice(mark[0], mark[1]).join("")));
    s.appendChild(document.createTextNode(chars.slice(mark[1]).join("")));
    return s;
  }

  // ---------------------------------------------------------------- elements
  var byId = {};
  var maxMentions = 1, maxWeight = 1;
  DATA.nodes.forEach(function (n) { byId[n.id] = n; maxMentions = Math.max(maxMentions, n.mentions); });
  DATA.edges.forEach(function (e) { maxWeight = Math.max(maxWeight, e.weight); });
  var story = DATA.story;
  var elements = [];
  DATA.nodes.forEach(function (n) {
    var size = 16 + 46 * Math.sqrt(n.mentions / maxMentions);
    var roles = n.roles.slice();
    if (story && !roles.length) roles.push("context");
    elements.push({group: "nodes", data: {id: "e" + n.id, eid: n.id, label: n.label, type: n.type, size: size,
                                         colour: colour(n.type), font: 9 + size / 5},
                   classes: roles.join(" ")});
  });
  DATA.edges.forEach(function (e, i) {
    elements.push({group: "edges", data: {id: "x" + i, source: "e" + e.source, target: "e" + e.target,
                                          weight: e.weight, width: 1 + 7 * Math.sqrt(e.weight / maxWeight)},
                   classes: e.path ? "walked" : ""});
  });
  if (story) {
    story.results.forEach(function (r) {
      elements.push({group: "nodes", data: {id: "r" + r.rank, rank: r.rank, size: 26, font: 12,
                                            label: "#" + r.rank + "  " + r.path + ":" + lines(r.lines)},
                     classes: "note"});
      r.voters.forEach(function (v) {
        if (byId[v]) elements.push({group: "edges", data: {id: "v" + r.rank + "-" + v, source: "e" + v,
                                                           target: "r" + r.rank, width: 1.5}, classes: "vote"});
      });
    });
  }

  // deterministic start positions (a spiral, largest first) so a view looks the same every time
  var order = elements.filter(function (x) { return x.group === "nodes"; })
    .sort(function (a, b) { return b.data.size - a.data.size; });
  order.forEach(function (x, i) {
    var t = i * 2.4;
    x.position = {x: 18 * Math.sqrt(i + 1) * Math.cos(t) * 4, y: 18 * Math.sqrt(i + 1) * Math.sin(t) * 4};
  });

  var cy = cytoscape({
    container: $("graph"),
    elements: elements,
    minZoom: 0.05, maxZoom: 4,
    style: [
      {selector: "node", style: {
        "width": "data(size)", "height": "data(size)", "background-color": "data(colour)",
        "label": "data(label)", "font-size": "data(font)", "color": "#1f2328",
        "text-valign": "bottom", "text-margin-y": 3, "text-outline-color": "#fff", "text-outline-width": 2,
        "min-zoomed-font-size": 9, "border-width": 1, "border-color": "#ffffff",
        "text-wrap": "ellipsis", "text-max-width": 160}},
      {selector: "edge", style: {
        "width": "data(width)", "line-color": "#9aa4ae", "opacity": 0.35, "curve-style": "haystack"}},
      {selector: "node.context", style: {"opacity": 0.55, "font-size": "mapData(size, 16, 62, 10, 13)"}},
      {selector: "edge.context", style: {"opacity": 0.16}},
      {selector: "node.voter", style: {"border-width": 3, "border-color": VOTE, "font-weight": 600}},
      {selector: "node.path", style: {"border-width": 4, "border-color": WALK, "font-weight": 600}},
      {selector: "node.seed", style: {"border-width": 6, "border-color": SEED, "font-weight": 700,
                                      "font-size": "mapData(size, 16, 62, 13, 18)", "z-index": 10}},
      {selector: "node.center", style: {"border-width": 6, "border-color": SEED, "font-weight": 700}},
      {selector: "edge.walked", style: {"line-color": WALK, "opacity": 0.95, "width": 5, "z-index": 5,
                                        "curve-style": "bezier"}},
      {selector: "node.note", style: {
        "shape": "round-rectangle", "background-color": "#24292f", "color": "#24292f", "text-valign": "center",
        "text-halign": "right", "text-margin-x": 7, "text-margin-y": 0, "width": 14, "height": 22,
        "font-weight": 600, "font-size": 13, "border-width": 0, "z-index": 8, "text-max-width": 400}},
      {selector: "edge.vote", style: {"line-color": VOTE, "line-style": "dashed", "opacity": 0.45,
                                      "curve-style": "straight", "width": 1.2}},
      {selector: "edge.vote.hl", style: {"line-color": VOTE, "opacity": 1, "width": 2.5}},
      {selector: ".faded", style: {"opacity": 0.12, "text-opacity": 0.15}},
      {selector: "edge.faded", style: {"opacity": 0.05}},
      {selector: "node.match", style: {"border-width": 5, "border-color": "#cf222e", "z-index": 20}},
      {selector: "node.hl", style: {"border-width": 6, "border-color": "#cf222e", "z-index": 20}},
      {selector: "edge.hl", style: {"line-color": "#cf222e", "opacity": 1, "z-index": 20}},
      {selector: "node:selected", style: {"overlay-color": "#0969da", "overlay-opacity": 0.18, "overlay-padding": 6}}
    ],
    layout: {name: "preset"}
  });

  // in a question's view, edges to the context (entities only near the story) stay in the background
  cy.edges().filter(function (e) { return e.source().hasClass("context") || e.target().hasClass("context"); })
    .addClass("context");

  // The labels the view is about (the seeds, walked paths and ranked results of --query, the
  // centre of --entity) stay readable however far the view is zoomed out: labels under
  // min-zoomed-font-size on the screen are not drawn, and a 150-node view fitted into a laptop
  // window (zoom ~0.35) drew the results column as unlabelled ticks and the seeds without names
  // while bigger context entities kept theirs. Their font grows as the zoom shrinks (never below
  // the stylesheet's), and so does their label's wrap width.
  var LABEL_FLOOR = 11;  // px on the screen
  var keyNodes = cy.nodes(".seed, .path, .center, .note");
  keyNodes.forEach(function (n) {
    n.scratch("_mrag", {font: n.numericStyle("font-size"), wrap: n.numericStyle("text-max-width")});
  });
  function keepKeyLabels() {
    var zoom = cy.zoom();
    cy.batch(function () {
      keyNodes.forEach(function (n) {
        var base = n.scratch("_mrag"), font = Math.max(base.font, LABEL_FLOOR / zoom);
        n.style({"font-size": font, "text-max-width": base.wrap * font / base.font});
      });
    });
  }
  cy.on("zoom", keepKeyLabels);

  // ---------------------------------------------------------------- side panel
  function summary() {
    var box = clear($("summary"));
    var t = DATA.totals, left = DATA.left_out;
    var nEntities = DATA.nodes.length;
    var scope = DATA.scope === "entity"
      ? "the neighbourhood of " + DATA.center.label + " within " + plural(DATA.center.hops, "hop") +
        " (" + plural(left.scope_entities, "entity", "entities") + ")"
      : DATA.scope === "query" ? "the question's seeds, walked paths and voters, then their neighbours"
      : "the most mentioned entities";
    if (!t.entities) {  // a blank canvas otherwise: say why (as the command does on stderr)
      box.appendChild(el("div", {class: "left-out", id: "no-entities"},
                         "The index holds no entities yet: `mrag sync DIR` extracts them from the notes."));
    }
    box.appendChild(el("div", null, "Showing " + nEntities + " of " + plural(t.entities, "entity", "entities") + " and " +
                       DATA.edges.length + " of " + plural(t.edges, "edge") + " in the index: " + scope + "."));
    if (left.entities || left.edges_among_shown) {
      var msg = "Left out (cap --max-nodes " + DATA.max_nodes + "): " + plural(left.entities, "entity", "entities") +
        (DATA.scope === "entity" ? " of the neighbourhood" : DATA.scope === "query" ? " of the story's neighbourhood" : "");
      if (left.edges_among_shown) msg += ", " + plural(left.edges_among_shown, "weaker edge") + " among those shown";
      if (left.largest.length && left.entities) msg += ". Most mentioned left out: " + left.largest.join(", ");
      box.appendChild(el("div", {class: "left-out", id: "left-out"}, msg + "."));
    }
  }

  function legend() {
    var types = {};
    DATA.nodes.forEach(function (n) { types[n.type] = (types[n.type] || 0) + 1; });
    var box = clear($("legend"));
    Object.keys(types).sort(function (a, b) { return types[b] - types[a]; }).forEach(function (t) {
      box.appendChild(el("span", null, el("i", {class: "swatch", style: "background:" + colour(t)}), t + " " + types[t]));
    });
    if (story) {
      box.appendChild(el("span", null, el("i", {class: "swatch ring"}), "seed"));
      box.appendChild(el("span", null, el("i", {class: "swatch line", style: "background:" + WALK}), "walked path"));
      box.appendChild(el("span", null, el("i", {class: "swatch line", style: "background:" + VOTE}), "vote"));
      box.appendChild(el("span", null, el("i", {class: "swatch note"}), "result (rank)"));
    }
    box.appendChild(el("span", {class: "muted"}, "size: mentions · edge width: shared chunks"));
  }

  function storyPanel() {
    if (!story) return;
    $("story").classList.remove("hidden");
    var seeds = clear($("seeds"));
    story.seeds.forEach(function (s) {
      seeds.appendChild(el("button", {class: "chip seed", title: s.via + " " + s.similarity,
                                      onclick: function () { selectEntity(s.id, true); }}, s.name));
    });
    if (!story.seeds.length) seeds.appendChild(el("span", {class: "muted"}, "The question names no entity of the index: dense and BM25 found the results."));
    var paths = clear($("paths"));
    story.paths.forEach(function (p, i) {
      var li = el("li", {onclick: function () { showPath(p, li); }});
      p.names.forEach(function (name, j) {
        if (j) li.appendChild(el("span", {class: "arrow"}, " → "));
        li.appendChild(document.createTextNode(name));
      });
      li.appendChild(el("span", {class: "muted small"}, "  " + p.score.toFixed(3) + (i < 6 ? "" : " (not drawn)")));
      paths.appendChild(li);
    });
    if (!story.paths.length) paths.appendChild(el("li", {class: "muted"}, "No multi-hop path."));
    var list = clear($("results"));
    story.results.forEach(function (r) {
      var li = el("li", {id: "result-" + r.rank, onclick: function () { selectResult(r.rank, true); }},
                  el("span", {class: "rank"}, "#" + r.rank),
                  el("span", {class: "path mono"}, r.path + ":" + lines(r.lines)),
                  el("span", {class: "muted small"}, "  " + r.score.toFixed(3) + "  " + r.channels.join(" ") +
                     (r.duplicate_of ? "  repeats #" + r.duplicate_of : "")),
                  snippet(r.snippet, null));
      var voters = r.voters.filter(function (v) { return byId[v]; }).map(function (v) { return byId[v].label; });
      if (voters.length) li.appendChild(el("div", {class: "why"}, "voted by: " + voters.join(", ")));
      r.why.forEach(function (w) { li.appendChild(el("div", {class: "why"}, w)); });
      list.appendChild(li);
    });
    if (!story.results.length) list.appendChild(el("li", {class: "muted"}, "No results."));
  }

  function unhighlight() {
    cy.elements().removeClass("faded hl match");
    Array.prototype.forEach.call(document.querySelectorAll("li.active"), function (x) { x.classList.remove("active"); });
  }

  function focusOn(keep, center) {
    cy.elements().addClass("faded");
    keep.removeClass("faded");
    if (center) cy.animate({fit: {eles: keep, padding: 60}, duration: 300});
  }

  function showPath(p, li) {
    unhighlight();
    var nodes = cy.collection();
    p.ids.forEach(function (id) { nodes = nodes.union(cy.getElementById("e" + id)); });
    var edges = nodes.edgesWith(nodes);
    nodes.addClass("hl"); edges.addClass("hl");
    focusOn(nodes.union(edges), true);
    if (li) li.classList.add("active");
  }

  function selectEntity(id, center) {
    var node = cy.getElementById("e" + id);
    if (!node.length) return;
    unhighlight();
    cy.$(":selected").unselect();
    node.select();
    focusOn(node.closedNeighborhood(), false);
    if (center) cy.animate({center: {eles: node}, zoom: Math.max(cy.zoom(), 1), duration: 300});
    var n = byId[id];
    var box = clear($("details"));
    box.appendChild(el("div", {class: "title", id: "details-title"}, n.label));
    box.appendChild(el("div", {class: "legend"}, el("span", null, el("i", {class: "swatch", style: "background:" + colour(n.type)}), n.type)));
    var kv = el("div", {class: "kv"},
                el("b", null, "mentions"), el("span", null, n.mentions + " in " + plural(n.chunks, "chunk") + " of " + plural(n.notes_total, "note")));
    if (n.aliases.length) { kv.appendChild(el("b", null, "aliases")); kv.appendChild(el("span", null, n.aliases.join(", "))); }
    if (story && n.roles.length) {
      var roles = n.roles.map(function (r) { return r === "voter" ? "voted for " + n.ranks.map(function (x) { return "#" + x; }).join(" ") : r === "path" ? "on a walked path" : r; });
      kv.appendChild(el("b", null, "question")); kv.appendChild(el("span", null, roles.join("; ")));
    }
    box.appendChild(kv);
    var notes = DATA.notes[String(id)] || [];
    box.appendChild(el("h2", null, "Notes (" + notes.length + " of " + n.notes_total + ")"));
    var ul = el("ul", {class: "notes", id: "notes"});
    notes.forEach(function (note) {
      ul.appendChild(el("li", {title: "chunk " + note.chunk_id},
                        el("div", {class: "path mono"}, note.path + ":" + lines(note.lines)),
                        snippet(note.snippet, note.mark)));
    });
    box.appendChild(ul);
    if (n.notes_total > notes.length) {
      box.appendChild(el("div", {class: "muted small"}, "mrag entity \"" + n.label + "\" --notes " + n.notes_total + " lists them all."));
    }
    var near = node.connectedEdges().filter(function (e) { return !e.hasClass("vote"); })
      .sort(function (a, b) { return b.data("weight") - a.data("weight"); }).slice(0, 12);
    if (near.length) {
      box.appendChild(el("h2", null, "Neighbours shown"));
      var chips = el("div", {class: "chips"});
      near.forEach(function (e) {
        var other = e.source().id() === node.id() ? e.target() : e.source();
        var oid = other.data("eid");
        chips.appendChild(el("button", {class: "chip", onclick: function () { selectEntity(oid, true); }},
                             byId[oid].label + " ×" + e.data("weight")));
      });
      box.appendChild(chips);
    }
    $("details-section").classList.remove("hidden");
  }

  function selectResult(rank, center) {
    var r = story.results[rank - 1];
    var node = cy.getElementById("r" + rank);
    unhighlight();
    cy.$(":selected").unselect();
    node.select();
    var keep = node.closedNeighborhood();
    keep.nodes().not(node).addClass("hl");
    keep.edges().addClass("hl");
    focusOn(keep, center);
    var li = $("result-" + rank);
    if (li) { li.classList.add("active"); li.scrollIntoView({block: "nearest"}); }
    var box = clear($("details"));
    box.appendChild(el("div", {class: "title", id: "details-title"}, "#" + r.rank + " " + r.path + ":" + lines(r.lines)));
    box.appendChild(el("div", {class: "muted small"}, "score " + r.score.toFixed(3) + " · " + r.channels.join(", ")));
    box.appendChild(snippet(r.snippet, null));
    r.why.forEach(function (w) { box.appendChild(el("div", {class: "why"}, w)); });
    $("details-section").classList.remove("hidden");
  }

  // ---------------------------------------------------------------- search
  // case and accents aside, as `mrag entities` and `mrag entity` find names: "zoe" finds Zoë, and ß is
  // ss as Python's casefold has it (text.fold: "grosse" finds Größe), which toLowerCase leaves
  function fold(s) {
    return s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\u00df/g, "ss");
  }
  function search(text) {
    var q = fold(text.trim());
    unhighlight();
    if (!q) { $("search-info").textContent = ""; return []; }
    var found = DATA.nodes.filter(function (n) {
      return fold(n.label).indexOf(q) >= 0 ||
        n.aliases.some(function (a) { return fold(a).indexOf(q) >= 0; });
    }).sort(function (a, b) { return b.mentions - a.mentions; });
    var eles = cy.collection();
    found.forEach(function (n) { eles = eles.union(cy.getElementById("e" + n.id)); });
    if (found.length) { focusOn(eles, false); eles.addClass("match"); }
    $("search-info").textContent = found.length
      ? plural(found.length, "match", "matches") + ": Enter shows " + found[0].label
      : "no entity shown matches (the cap may have left it out)";
    return found;
  }
  $("search").addEventListener("input", function (ev) { search(ev.target.value); });
  $("search").addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      var found = search(ev.target.value);
      if (found.length) selectEntity(found[0].id, true);
    } else if (ev.key === "Escape") { ev.target.value = ""; search(""); }
  });

  cy.on("tap", "node", function (ev) {
    var n = ev.target;
    if (n.hasClass("note")) selectResult(n.data("rank"), false);
    else selectEntity(n.data("eid"), false);
  });
  cy.on("tap", function (ev) { if (ev.target === cy) { unhighlight(); cy.$(":selected").unselect(); } });

  // ---------------------------------------------------------------- go
  $("title").textContent = DATA.scope === "query" ? "“" + DATA.title + "”" : DATA.title;
  $("index").textContent = DATA.index;
  summary(); legend(); storyPanel();
  $("graph-status").textContent = "laying out " + plural(cy.nodes().length, "node") + "…";
  var notes = cy.nodes(".note");
  var graphPart = cy.elements().not(notes).not(".vote");
  var layout = graphPart.layout({
    name: "cose", animate: false, randomize: false, fit: false, nodeDimensionsIncludeLabels: true,
    nodeRepulsion: function (n) { return 60000 + 1500 * n.data("size"); },
    idealEdgeLength: function (e) { return 90 + 90 / Math.sqrt(e.data("weight") || 1); },
    edgeElasticity: function () { return 100; },
    nodeOverlap: 40, gravity: 0.4, numIter: 2500, componentSpacing: 100, nestingFactor: 1.2
  });
  layout.on("layoutstop", function () {
    if (notes.length) {
      // the results in rank order, in a column right of the graph: votes run from the entities to them
      var box = graphPart.nodes().boundingBox();
      var step = Math.max(34, Math.min(70, box.h / Math.max(1, notes.length - 1)));
      var top = (box.y1 + box.y2) / 2 - step * (notes.length - 1) / 2;
      notes.sort(function (a, b) { return a.data("rank") - b.data("rank"); }).forEach(function (n, i) {
        n.position({x: box.x2 + Math.max(120, box.w * 0.12), y: top + i * step});
      });
    }
    cy.fit(cy.elements(), 36);
    cy.fit(cy.elements(), 36);  // again: the zoom grew the key labels (keepKeyLabels), which the fit must hold
    // counted as the summary counts them: "160 nodes" (entities and result boxes) read against
    // "Showing 150 of 1020 entities" looked like a miscount
    var votes = cy.edges(".vote").length;
    $("graph-status").textContent = plural(cy.nodes().not(notes).length, "entity", "entities") +
      (notes.length ? " + " + plural(notes.length, "result") : "") + " · " +
      plural(cy.edges().length - votes, "edge") + (votes ? " + " + plural(votes, "vote") : "") +
      " · scroll to zoom, drag to move, click a node for its notes";
    window.mragView = {cy: cy, selectEntity: selectEntity, selectResult: selectResult, search: search};
    document.documentElement.setAttribute("data-ready", "1");
  });
  layout.run();
})();
