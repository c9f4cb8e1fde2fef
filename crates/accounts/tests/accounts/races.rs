//! Requests that race each other: concurrent passwords typed with one emailed link, and
//! one browser deleting its account from several tabs at once.

use axum::http::StatusCode;
use sound_atlas_contract::accounts::api;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

db_tests!(
    concurrent_guesses_never_pass_a_links_budget,
    concurrent_deletions_never_fail,
);

/// Runs `times` copies of `call` on clones of `browser` at once; their answers.
async fn at_once<F, Fut>(browser: &Browser, times: usize, call: F) -> Vec<Answer>
where
    F: Fn(Browser) -> Fut,
    Fut: std::future::Future<Output = Answer> + Send + 'static,
{
    let tasks: Vec<_> = (0..times)
        .map(|_| tokio::spawn(call(browser.clone())))
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("the request's task"));
    }
    answers
}

async fn concurrent_guesses_never_pass_a_links_budget(db: &TestDb) {
    let site = Site::new(db);
    let mut owner = site.browser("10.0.0.1");
    let signed_up = owner
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("ola@example.com", "the owner's passphrase"),
        )
        .await;
    assert_eq!(signed_up.status, StatusCode::OK, "{}", signed_up.body);
    let mail = site
        .mail("ola@example.com", "Confirm your Sound Atlas account")
        .await;
    let token = token_of(&link(&mail, ORIGIN));
    let guesser = site.browser("10.6.6.6");
    let answers = at_once(&guesser, 40, |mut browser| {
        let token = token.clone();
        async move {
            browser
                .post_form(
                    api::CONFIRM.path(&[]).as_str(),
                    &[("token", &token), ("password", "a guess at the passphrase")],
                )
                .await
        }
    })
    .await;
    let refusals: Vec<String> = answers
        .iter()
        .map(|answer| refusal(answer, CONFIRM_PAGE))
        .collect();
    let checked = refusals
        .iter()
        .filter(|message| message.starts_with("That is not the password"))
        .count();
    assert_eq!(checked, 5, "only the link's five guesses are checked");
    // The budget is spent: the right password no longer confirms with this link.
    let ended = owner
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[("token", &token), ("password", "the owner's passphrase")],
        )
        .await;
    assert_eq!(
        refusal(&ended, CONFIRM_PAGE),
        "Email link is invalid or has expired"
    );
}

async fn concurrent_deletions_never_fail(db: &TestDb) {
    let site = Site::new(db);
    for n in 0..5 {
        let email = format!("pia{n}@example.com");
        let mut owner = site.browser("10.0.0.1");
        signed_up(&site, &mut owner, &email, "the owner's passphrase").await;
        // The same browser (one session) asks from several tabs at once.
        let answers = at_once(&owner, 8, |mut browser| async move {
            browser.call(&api::DELETE_ACCOUNT, &[], &()).await.answer
        })
        .await;
        for answer in &answers {
            assert!(
                [StatusCode::OK, StatusCode::UNAUTHORIZED].contains(&answer.status),
                "{}: {}",
                answer.status,
                answer.body
            );
        }
        assert!(answers.iter().any(|answer| answer.status == StatusCode::OK));
        let mut again = site.browser("10.0.0.2");
        let gone = again
            .call(
                &api::SIGN_IN,
                &[],
                &credentials(&email, "the owner's passphrase"),
            )
            .await;
        assert_eq!(gone.message(), "Invalid login credentials");
    }
}
