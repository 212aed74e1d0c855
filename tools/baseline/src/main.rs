//! The start-up baseline of issue 15: what a plain Leptos 0.8 CSR app costs to start, measured
//! against the companion by scripts/compare.mjs. A list kept in local storage, as Leptos's
//! todomvc example: a heading, an input, add, toggle and remove an item. Nothing is done to make
//! it slow or fast beyond what such an app ordinarily does: read the saved list, render it, save
//! on each change.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

const STORAGE_KEY: &str = "leptos-baseline-items";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Item {
    id: u32,
    title: String,
    done: bool,
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn load() -> Vec<Item> {
    storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn save(items: &[Item]) {
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(items)) {
        let _ = s.set_item(STORAGE_KEY, &text);
    }
}

#[component]
fn App() -> impl IntoView {
    let (items, set_items) = signal(load());
    Effect::new(move |_| items.with(|list| save(list)));
    let (draft, set_draft) = signal(String::new());

    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let title = draft.get_untracked().trim().to_string();
        if title.is_empty() {
            return;
        }
        set_items.update(|list| {
            let id = list.iter().map(|i| i.id).max().map_or(0, |m| m + 1);
            list.push(Item { id, title, done: false });
        });
        set_draft.set(String::new());
    };
    let left = move || items.with(|list| list.iter().filter(|i| !i.done).count());

    view! {
        <header>
            <h1>"todos"</h1>
            <form on:submit=add>
                <input
                    aria-label="New item"
                    placeholder="What needs to be done?"
                    autofocus
                    prop:value=draft
                    on:input=move |ev| set_draft.set(event_target_value(&ev))
                />
            </form>
        </header>
        <ul class="items">
            <For each=move || items.get() key=|item| (item.id, item.done) let:item>
                <li class:done=item.done>
                    <label>
                        <input
                            type="checkbox"
                            prop:checked=item.done
                            on:change=move |_| {
                                set_items
                                    .update(|list| {
                                        if let Some(i) = list.iter_mut().find(|i| i.id == item.id) {
                                            i.done = !i.done;
                                        }
                                    })
                            }
                        />
                        {item.title.clone()}
                    </label>
                    <button
                        aria-label="Remove"
                        on:click=move |_| set_items.update(|list| list.retain(|i| i.id != item.id))
                    >
                        "×"
                    </button>
                </li>
            </For>
        </ul>
        <footer>{move || format!("{} left", left())}</footer>
    }
    .into_any()
}

fn main() {
    leptos::mount::mount_to_body(App);
}
