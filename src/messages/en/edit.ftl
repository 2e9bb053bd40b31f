# The browser editor's git: what changed, commit, publish, bring others' changes in
# (src/serve/edit/git.rs).

## Whether git can be used

edit-git-not-installed = git is not installed (or not on the PATH): install it to commit and publish from the editor
edit-git-cannot-run = cannot run git: { $error }
edit-git-not-repository = the site folder { $path } is not in a git repository: run `git init` in it to commit and publish from the editor
# $command: git's subcommand (`add`, `commit`); $error: what git said.
edit-git-failed = `git { $command }` failed: { $error }

## What changed

edit-git-bad-scope = { $path } is not a path inside the site folder
# The last line of a diff too long to show whole.
edit-git-diff-truncated = … the diff is cut here: it is longer than { $mb } MB

## Commit

edit-git-message-empty = the commit message is empty: say what changed
edit-git-message-too-long = the commit message is longer than { $max ->
        [one] 1 character
       *[other] { $max } characters
    }
edit-git-message-invalid = the commit message holds a NUL character, which git cannot store
edit-git-bad-author = the author needs a name and an email address, each on one line and without “<” or “>”
edit-git-no-author = git does not know who you are: give your name and email address in the editor, then commit again
edit-git-nothing-to-commit = nothing to commit: no file changed since the last commit

## Publish, and bring others' changes in

edit-git-detached = the repository is not on a branch (its HEAD is detached): check out a branch to publish
edit-git-no-remote = the branch { $branch } has nowhere to publish to: it tracks no remote branch, and the repository has no remote named origin
edit-git-push-refused = the remote has changes this branch lacks: bring them in first, then publish again
edit-git-push-failed = publishing failed: { $error }
edit-git-commit-first = commit your changes before bringing others' changes in
# $files: the files in conflict, separated by commas.
edit-git-pull-conflict = others' changes conflict with yours in { $files }: nothing was changed. Resolve the conflict with git outside the editor.
edit-git-pull-failed = bringing others' changes in failed: { $error }
