//! Request and response bodies of the accounts routes: defined in the route contract
//! (`sound_atlas_contract::accounts`), shared with the UI as generated TypeScript.

pub use sound_atlas_contract::accounts::*;
