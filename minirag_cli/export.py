"""`mrag graph export`: the entity co-occurrence graph, whole or the
neighbourhood of one entity, as GraphML (Gephi, Cytoscape, yEd) or JSON
(scripts). The neighbourhood is a breadth-first walk done by a recursive CTE
in SQLite (store/read.py); edges are those of the induced subgraph, with their weight (the
number of chunks in which both entities are mentioned).
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from xml.etree import ElementTree as ET

from minirag_cli.errors import UsageError
from minirag_cli.store import read as store

GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
FORMATS = ("graphml", "json")
# characters XML 1.0 cannot carry at all (a note may hold stray control bytes)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

@dataclass
class EntityGraph:
    nodes: list[dict]  # id, label, type, mentions, chunks[, depth]
    edges: list[dict]  # source, target, weight
    center: dict | None = None
    hops: int | None = None

    def to_dict(self) -> dict:
        return {"directed": False, "center": self.center, "hops": self.hops,
                "nodes": self.nodes, "edges": self.edges}


def check_scope(*, entity: bool, hops: int | None, min_weight: int) -> None:
    """Refuse what would otherwise be ignored or mean nothing: `hops` (the
    radius of an entity's neighbourhood) without an entity, and an edge
    weight below 0 (weights are numbers of chunks, 1 or more)."""
    if hops is not None and not entity:
        raise UsageError("--hops is the radius of an entity's neighbourhood: without --entity the whole graph "
                         "is exported and --hops would be ignored.",
                         hint='Add --entity NAME (mrag graph export --entity "Wolfgang Schulz" --hops 2), '
                              "or leave --hops out.")
    if hops is not None and hops < 0:
        raise UsageError("--hops must be 0 or more.")
    if min_weight < 0:
        raise UsageError(f"--min-weight {min_weight}: expected a number >= 0 (an edge's weight is the number "
                         "of chunks its two entities share, 1 or more).",
                         hint="--min-weight 2 keeps the edges shared by two chunks or more; leave it out for "
                              "every edge.")


def entity_graph(conn, *, entity_id: int | None = None, hops: int | None = None,
                 min_weight: int = 1) -> EntityGraph:
    """The whole graph, or the entities within `hops` (default 1) of
    `entity_id` and the edges among them."""
    check_scope(entity=entity_id is not None, hops=hops, min_weight=min_weight)
    hops = 1 if hops is None else hops
    depth: dict[int, int] | None = None
    if entity_id is not None:
        depth, node_rows, edge_rows = store.neighbourhood_rows(conn, entity_id, hops, min_weight)
    else:
        node_rows, edge_rows = store.graph_rows(conn, min_weight)
    nodes = []
    for eid, name, etype, mentions, chunks in node_rows:
        node = {"id": eid, "label": name, "type": etype, "mentions": mentions, "chunks": chunks}
        if depth is not None:
            node["depth"] = depth[eid]
        nodes.append(node)
    edges = [{"source": a, "target": b, "weight": w} for a, b, w in edge_rows]
    center = None
    if entity_id is not None:
        center = next(({"id": n["id"], "label": n["label"]} for n in nodes if n["id"] == entity_id), None)
    return EntityGraph(nodes, edges, center, hops if entity_id is not None else None)


_NODE_KEYS = (("label", "string"), ("type", "string"), ("mentions", "int"), ("chunks", "int"), ("depth", "int"))


def to_graphml(graph: EntityGraph) -> str:
    """GraphML 1.0 with typed attributes (label, type, mentions, chunks,
    depth on nodes; weight on edges). ElementTree does the escaping."""
    ET.register_namespace("", GRAPHML_NS)
    root = ET.Element(f"{{{GRAPHML_NS}}}graphml")
    for name, kind in _NODE_KEYS:
        if name == "depth" and graph.center is None:
            continue
        ET.SubElement(root, f"{{{GRAPHML_NS}}}key",
                      {"id": name, "for": "node", "attr.name": name, "attr.type": kind})
    ET.SubElement(root, f"{{{GRAPHML_NS}}}key",
                  {"id": "weight", "for": "edge", "attr.name": "weight", "attr.type": "int"})
    g = ET.SubElement(root, f"{{{GRAPHML_NS}}}graph", {"id": "mrag", "edgedefault": "undirected"})
    for node in graph.nodes:
        el = ET.SubElement(g, f"{{{GRAPHML_NS}}}node", {"id": f"e{node['id']}"})
        for name, _kind in _NODE_KEYS:
            if name in node:
                ET.SubElement(el, f"{{{GRAPHML_NS}}}data", {"key": name}).text = _NOT_XML.sub("", str(node[name]))
    for i, edge in enumerate(graph.edges):
        el = ET.SubElement(g, f"{{{GRAPHML_NS}}}edge",
                           {"id": f"r{i}", "source": f"e{edge['source']}", "target": f"e{edge['target']}"})
        ET.SubElement(el, f"{{{GRAPHML_NS}}}data", {"key": "weight"}).text = str(edge["weight"])
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def to_json(graph: EntityGraph) -> str:
    return json.dumps(graph.to_dict(), indent=2, ensure_ascii=False) + "\n"


def write_graph(graph: EntityGraph, fmt: str, out: IO[str]) -> None:
    if fmt not in FORMATS:
        raise UsageError(f"Unknown format {fmt!r}; choose graphml or json.")
    out.write(to_graphml(graph) if fmt == "graphml" else to_json(graph))


def write_graph_file(graph: EntityGraph, fmt: str, path: str | Path) -> None:
    """`mrag graph export -o FILE`: the graph written to `path` (files.write_output
    makes its folder, as for `graph view -o` and `eval --details`)."""
    from minirag_cli.files import write_output

    out = io.StringIO()
    write_graph(graph, fmt, out)
    write_output(path, out.getvalue())
