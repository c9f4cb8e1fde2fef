// The search benchmark's queries (scale.mjs's searchKinds), one `kind<TAB>query` a line,
// for the search index's own benchmark:
//   node e2e/perf/synthetic-catalogue.mjs 200000 > /tmp/artists-200k.csv
//   node e2e/perf/search-kinds.mjs | cargo run --release -p sound-atlas-catalog-import --example search_kinds -- /tmp/artists-200k.csv
import { searchKinds } from './scale.mjs';

for (const [kind, queries] of Object.entries(searchKinds())) {
  for (const query of queries) console.log(`${kind}\t${query}`);
}
