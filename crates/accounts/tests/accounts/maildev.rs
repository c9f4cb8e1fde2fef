//! Mail through a real SMTP server: maildev (npm, installed by `npm install` in e2e/)
//! receives it and its REST API (`GET /api/email`) reads it back.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use axum::http::StatusCode;
use sound_atlas_accounts::config::{MailConfig, SmtpTls};
use sound_atlas_contract::accounts::api;
use sound_atlas_test_db::{db_tests, TestDb};

use crate::*;

struct Maildev {
    child: Child,
    smtp: u16,
    web: u16,
}

impl Drop for Maildev {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Maildev {
    async fn start() -> Maildev {
        let bin =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../e2e/node_modules/.bin/maildev");
        assert!(
            bin.exists(),
            "{} is missing: run `npm install` in e2e/ (maildev is a devDependency)",
            bin.display()
        );
        let (smtp, web) = (free_port(), free_port());
        let child = Command::new(bin)
            .args([
                "--smtp",
                &smtp.to_string(),
                "--web",
                &web.to_string(),
                "--ip",
                "127.0.0.1",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start maildev");
        let maildev = Maildev { child, smtp, web };
        for _ in 0..200 {
            if reqwest::get(maildev.api("/email"))
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return maildev;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("maildev did not start");
    }

    fn api(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}/api{path}", self.web)
    }

    /// The text of the first mail maildev received for `to`, waiting for it.
    async fn text_to(&self, to: &str) -> String {
        for _ in 0..200 {
            let mails: serde_json::Value = reqwest::get(self.api("/email"))
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let found = mails.as_array().unwrap().iter().find(|mail| {
                mail["to"]
                    .as_array()
                    .is_some_and(|list| list.iter().any(|r| r["address"] == to))
            });
            if let Some(mail) = found {
                return mail["text"].as_str().unwrap().to_owned();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("maildev received no mail for {to}");
    }
}

async fn the_confirmation_link_arrives_over_smtp_and_works(db: &TestDb) {
    let maildev = Maildev::start().await;
    let site = Site::with(db, |config| {
        config.mail = MailConfig::Smtp {
            host: "127.0.0.1".into(),
            port: Some(maildev.smtp),
            user: None,
            password: None,
            tls: SmtpTls::None,
        };
    });
    let mut browser = site.browser("10.0.0.1");
    let answer = browser
        .call(
            &api::SIGN_UP,
            &[],
            &credentials("mo@example.com", "smtp all the way"),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    let text = maildev.text_to("mo@example.com").await;
    let link = link(&text, ORIGIN);
    assert_eq!(
        browser.get(&path_of(&link)).await.status,
        StatusCode::SEE_OTHER
    );
    let confirmed = browser
        .post_form(
            api::CONFIRM.path(&[]).as_str(),
            &[
                ("token", &token_of(&link)),
                ("password", "smtp all the way"),
            ],
        )
        .await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.body
    );
    assert_eq!(browser.who().await.as_deref(), Some("mo@example.com"));
    assert!(
        !site.outbox.exists(),
        "with SMTP configured nothing goes to the outbox"
    );
}

db_tests!(the_confirmation_link_arrives_over_smtp_and_works);
