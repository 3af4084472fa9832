//! The site's recurring tournaments: the operator's file is read once at
//! start (refused whole, with every reason, when it has a mistake), and
//! each process adds the next of each a while before it starts. Each has
//! a key of its name and start, so processes adding it at once make one.
