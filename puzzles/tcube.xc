# tcube.xc: fill a box with identical T-tetracubes, as many as it takes.
# A 6x6x6 cube by default: 54 pieces. The piece item may be used any number of times.
#   excover count tcube.xc -p width=4 -p height=2 -p depth=2
param size = 6        # the side of a cube
param width = size    # columns of the box (width x height x depth)
param height = size   # rows of the box
param depth = size    # layers of the box
require min(width, height, depth) >= 1, "the box needs sides of 1 or more"

let t = shape("### / .#.")
let space = box(width, height, depth)

primary cube(r, c, z) for (r, c, z) in space
primary tee [0..*]
symmetry cube(r, c, z) at (r, c, z) for (r, c, z) in space   # count --up-to-symmetry: the box's turns and mirrors

option tee [cube(r, c, z) for (r, c, z) in cells] for cells in placements(t, space)
    show cells = "T"
