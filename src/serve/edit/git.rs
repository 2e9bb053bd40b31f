//! Git for the browser editor: what changed, commit, publish (push), bring others' changes in.
