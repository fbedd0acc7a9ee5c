"""The graph channel of retrieval, one module per step (MiniRAG's query side,
done in SQL on the index):

- `grounding`: the entities the question names (`ground`, `Seed`, `QueryTerms`);
- `walk`: the k-hop walk over the co-occurrence edges with hub control;
- `votes`: path scoring, the graph plan and the votes for chunks;
- `timelinks`: time edges between notes of the same people close in time,
  and the date nodes of a period the question names;
- `channel`: the steps put together for retrieve.py (`graph_channel`,
  `explain_votes`);
- `sql`: every SQL statement the graph runs.

Tunables are `options.GraphOptions`. retrieve.py fuses these votes with dense
and BM25 scores: the graph adds votes and never removes a lexical or dense
hit. Nothing loads the graph into Python: Python sees the seeds, the bounded
walk rows and scored chunks.
"""

from minirag_cli.graph.channel import GraphVotes, documents_of, explain_votes, graph_channel
from minirag_cli.graph.grounding import QueryTerms, Seed, answer_types_for, ground
from minirag_cli.graph.timelinks import dated_chunks, time_links
from minirag_cli.graph.votes import GraphPlan, RelationHit, name_occurrences, plan, relations_near, score_paths, vote
from minirag_cli.graph.walk import WalkPath, hub_max, hubs, walk
from minirag_cli.options import GraphOptions

__all__ = ["GraphOptions", "GraphPlan", "GraphVotes", "QueryTerms", "RelationHit", "Seed", "WalkPath",
           "answer_types_for", "dated_chunks", "documents_of", "explain_votes", "graph_channel", "ground",
           "hub_max", "hubs", "name_occurrences", "plan", "relations_near", "score_paths", "time_links", "vote", "walk"]
