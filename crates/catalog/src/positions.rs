//! A list of artists' positions in list order (a browse letter's, a genre's, a
//! country's, the whole catalogue's), as the snapshot keeps it: a persistent vector
//! (imbl's RRB tree). A snapshot patched from another shares every list with it but the
//! ones its changed rows move, and moving one artist in a list of millions copies a few
//! of its nodes, not the list; a page of a list at any depth is reached in O(log n).

use std::ops::Range;

/// Positions, ascending (see the module's description).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Positions(imbl::Vector<u32>);

impl Positions {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The `i`th position.
    pub fn get(&self, i: usize) -> Option<u32> {
        self.0.get(i).copied()
    }

    pub fn first(&self) -> Option<u32> {
        self.0.front().copied()
    }

    pub fn last(&self) -> Option<u32> {
        self.0.back().copied()
    }

    /// Every position, in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().copied()
    }

    /// The positions at indexes `range` (clamped to the list), in order: found in
    /// O(log n), then walked.
    pub fn range(&self, range: Range<usize>) -> impl Iterator<Item = u32> + '_ {
        slice(&self.0, range).copied()
    }

    /// The index of the first position for which `before` is false (the list is
    /// partitioned by it: true, then false), by binary search.
    pub fn partition_point(&self, mut before: impl FnMut(u32) -> bool) -> usize {
        partition_point(&self.0, |&p| before(p))
    }

    /// The index of `position`, if listed.
    pub fn index_of(&self, position: u32) -> Option<usize> {
        self.0.binary_search(&position).ok()
    }

    /// Membership tests of ascending positions ([`Membership`]).
    pub fn membership(&self) -> Membership<'_> {
        Membership {
            focus: self.0.focus(),
            next: 0,
            len: self.0.len(),
        }
    }

    /// Lists `position` in its place (once).
    pub fn insert(&mut self, position: u32) {
        if self.last().is_none_or(|last| last < position) {
            self.0.push_back(position);
        } else if let Err(at) = self.0.binary_search(&position) {
            self.0.insert(at, position);
        }
    }

    /// Unlists `position`, if listed.
    pub fn remove(&mut self, position: u32) {
        if let Ok(at) = self.0.binary_search(&position) {
            self.0.remove(at);
        }
    }
}

/// Whether each of a run of ascending positions is in a list: each is found by galloping
/// on from the last one asked (through a focus, which keeps the tree's last leaf at
/// hand), so k positions cost k steps of about log(distance) rather than k searches
/// from the root.
pub struct Membership<'a> {
    focus: imbl::vector::Focus<'a, u32, imbl::shared_ptr::DefaultSharedPtr>,
    /// Every index before it holds a position below the last one asked.
    next: usize,
    len: usize,
}

impl Membership<'_> {
    /// Whether `position` is listed: positions are asked in ascending order.
    pub fn contains(&mut self, position: u32) -> bool {
        let (mut low, mut high, mut step) = (self.next, self.next, 1);
        while high < self.len && self.at(high) < position {
            low = high + 1;
            high = low + step;
            step *= 2;
        }
        // The first index holding `position` or more is in low..=high.
        let mut high = high.min(self.len);
        while low < high {
            let middle = low + (high - low) / 2;
            if self.at(middle) < position {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        self.next = low;
        low < self.len && self.at(low) == position
    }

    fn at(&mut self, index: usize) -> u32 {
        *self.focus.get(index).expect("an index below the length")
    }
}

/// The items of `vector` at indexes `range` (clamped to it), in order: found in
/// O(log n), then walked.
pub(crate) fn slice<A: Clone>(
    vector: &imbl::Vector<A>,
    range: Range<usize>,
) -> impl Iterator<Item = &A> {
    let end = range.end.min(vector.len());
    let start = range.start.min(end);
    vector.focus().narrow(start..end).into_iter()
}

/// The index of the first item of `vector` for which `before` is false (the vector is
/// partitioned by it: true, then false), by binary search.
pub(crate) fn partition_point<A: Clone>(
    vector: &imbl::Vector<A>,
    mut before: impl FnMut(&A) -> bool,
) -> usize {
    let found = vector.binary_search_by(|item| {
        if before(item) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    found.unwrap_or_else(|at| at)
}

impl FromIterator<u32> for Positions {
    /// From positions in ascending order.
    fn from_iter<I: IntoIterator<Item = u32>>(positions: I) -> Self {
        Positions(positions.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Positions;

    /// Ascending positions asked of lists of every density, spread and length, skipping
    /// some: the same answers as a binary search from the root.
    #[test]
    fn membership_answers_as_a_search_does() {
        for (len, spread) in [(0, 1), (1, 3), (40, 2), (5_000, 7), (5_000, 1_000)] {
            let list: Positions = (0..len).map(|i| i * spread + i % 3).collect();
            let top = len * spread + 10;
            for stride in [1, 3, 17, 1_001] {
                let mut membership = list.membership();
                for position in (0..top).step_by(stride as usize) {
                    assert_eq!(
                        membership.contains(position),
                        list.index_of(position).is_some(),
                        "{len} spread {spread}, every {stride}th: {position}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_list_keeps_its_order_and_its_copies_apart() {
        let mut list: Positions = [10, 20, 30].into_iter().collect();
        let before = list.clone();
        list.insert(25);
        list.insert(40);
        list.insert(5);
        list.insert(25);
        list.remove(20);
        list.remove(21);
        assert_eq!(list.iter().collect::<Vec<_>>(), [5, 10, 25, 30, 40]);
        assert_eq!(before.iter().collect::<Vec<_>>(), [10, 20, 30]);
        assert_eq!(list.range(1..3).collect::<Vec<_>>(), [10, 25]);
        assert_eq!(list.range(4..9).collect::<Vec<_>>(), [40]);
        assert_eq!(list.range(7..9).count(), 0);
        assert_eq!(list.partition_point(|p| p < 26), 3);
        assert_eq!(list.partition_point(|p| p <= 30), 4);
        let mut membership = list.membership();
        let asked = [1, 5, 6, 25, 29, 30, 40, 41];
        let found: Vec<u32> = asked
            .into_iter()
            .filter(|&p| membership.contains(p))
            .collect();
        assert_eq!(found, [5, 25, 30, 40]);
        assert_eq!(list.index_of(30), Some(3));
        assert_eq!(list.index_of(31), None);
        assert_eq!(
            (list.first(), list.last(), list.get(2)),
            (Some(5), Some(40), Some(25))
        );
    }
}
