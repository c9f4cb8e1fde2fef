//! The alt text of a share picture (an artist's, an article's): what it shows, in the
//! words the page uses. The server writes it into a page's head, the browser into the
//! head it keeps on client navigation.

use crate::template::Template;

/// "Band: Queen".
pub const SHARE_CARD: Template = Template("{kind}: {title}");
/// "Band: Queen (Rock · Glam Rock)": with what the picture's second line shows.
pub const SHARE_CARD_DETAILED: Template = Template("{kind}: {title} ({detail})");

/// A share card's alt text: with its second line when it has one.
pub fn of_card(kind: &str, title: &str, detail: &str) -> String {
    if detail.is_empty() {
        SHARE_CARD.fill(&[&kind, &title])
    } else {
        SHARE_CARD_DETAILED.fill(&[&kind, &title, &detail])
    }
}

pub const ALL: &[(&str, Template)] = &[
    ("shareCard", SHARE_CARD),
    ("shareCardDetailed", SHARE_CARD_DETAILED),
];
