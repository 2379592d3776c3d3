//! The engine and the review beside a board: its lines, the evaluation
//! bar and graph, the clock chart, the review's plan, the opening tree.

pub mod engine_lines;
pub(crate) mod eval_graph;
pub mod opening_tree;
pub(crate) mod panel;
pub mod review;
pub mod time_chart;
pub mod view;
