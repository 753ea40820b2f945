# matching.xc: every perfect matching of a graph: each vertex in exactly one chosen edge.
# The graph is an edge list, "a-b" pairs separated by blanks or new lines
# (-p edges=@FILE), or a named graph: -p graph=complete -p size=10 (K10: 945 matchings),
# -p graph=grid -p width=6 -p height=6 (the 6x6 grid: 6728, its domino tilings).
# A vertex on no edge is named in -p vertices="1 2 3 4 5": then no perfect matching exists.
param graph = "edges"             # edges (the list below), complete or grid
param edges = "1-2 2-3 3-4 4-1"   # the edges, "a-b" pairs
param vertices = ""               # the vertices, if some are on no edge (the edges' ends are always in)
param size = 6                    # vertices of the complete graph
param width = 4                   # columns of the grid graph
param height = 4                  # rows of the grid graph

let pairs = [tuple(edge) for edge in edge_list(edges)] if graph == "edges"
    else [(a, b) for (a, b) in combinations(1..size, 2)] if graph == "complete"
    else [((r, c), (r, c + 1)) for (r, c) in box(width, height) if c < width]
       + [((r, c), (r + 1, c)) for (r, c) in box(width, height) if r < height]
require graph in ["edges", "complete", "grid"], "graph is edges, complete or grid"
require size >= 1 and width >= 1 and height >= 1, "-p size, width and height are 1 or more"

let named = tokens(vertices)
require graph == "edges" or not named, "-p vertices goes with an edge list"
let all_vertices = sorted(set([a for (a, _) in pairs] + [b for (_, b) in pairs] + named))
primary vertex(v) for v in all_vertices
option "{a}-{b}": vertex(a) vertex(b) for (a, b) in pairs
