//! The browser editor (`sahel serve --edit`, `sahel edit`): its page and API under `/_edit/`,
//! answered only when `--edit` is given. See `editor/src/api.ts` for the contract.

pub(crate) mod git;
