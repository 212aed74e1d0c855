//! Which Order a Formation follows: its own, or that of the Formation above it whose Order
//! covers it (13.1c: an Order applies to one Command and its subordinate Formations).

use super::{Order, OrderBook, Status};
use crate::oob::Oob;

/// What a Formation follows, as far as the book knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Following<'a> {
    /// An accepted Order, its own or its parent's.
    Order(&'a Order),
    /// No Orders: Limited Defense Status (13.2e).
    NoOrders,
    /// The book has nothing on it or above it (the players have not entered its Orders).
    Unknown,
}

/// Walks up from `formation`: the first Formation the book holds a standing for decides.
pub fn following<'a>(book: &'a OrderBook, oob: &Oob, formation: &str) -> Following<'a> {
    let mut here = oob.formation(formation);
    let mut guard = 0;
    while let Some(f) = here {
        if let Some(s) = book.standing(&f.id) {
            if let Some(o) = s.current.and_then(|id| book.orders.iter().find(|o| o.id == id)) {
                return Following::Order(o);
            }
            // A standing kept only for a Reserve flag says nothing of the Formation's own
            // Orders: it follows the Order that set it in Reserve, above it.
            let had_orders = s.ending.is_some()
                || book.orders.iter().any(|o| o.formation == f.id && matches!(o.status, Status::Ended(..)));
            if had_orders {
                return Following::NoOrders;
            }
        }
        guard += 1;
        if guard > 64 {
            break;
        }
        here = f.parent.as_deref().and_then(|p| oob.formation(p));
    }
    Following::Unknown
}

/// 13.2e: the Formation is in Limited Defense Status (No Orders), as the book knows it.
pub fn in_limited_defense(book: &OrderBook, oob: &Oob, formation: &str) -> bool {
    following(book, oob, formation) == Following::NoOrders
}
