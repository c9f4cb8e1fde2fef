//! Outgoing mail with lettre: SMTP when configured, otherwise `.eml` files in an outbox
//! folder (read them with any mail client or `cat`).

use std::sync::Arc;

use lettre::message::{header::ContentType, Mailbox};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::Tls;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::{MailConfig, SmtpTls};

#[derive(Clone)]
pub struct Mailer {
    transport: Arc<Transport>,
    from: Mailbox,
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(AsyncFileTransport<Tokio1Executor>),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match *self.transport {
            Transport::Smtp(_) => "smtp",
            Transport::Outbox(_) => "outbox",
        };
        f.debug_struct("Mailer").field("transport", &kind).finish()
    }
}

impl Mailer {
    pub fn new(config: &MailConfig, from: &str) -> Result<Self, String> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("SOUND_ATLAS_MAIL_FROM {from:?}: {e}"))?;
        let transport = match config {
            MailConfig::Outbox(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("creating the mail outbox {}: {e}", dir.display()))?;
                tracing::info!(outbox = %dir.display(), "no SMTP configured: mail is written to the outbox");
                Transport::Outbox(AsyncFileTransport::new(dir))
            }
            MailConfig::Smtp {
                host,
                port,
                user,
                password,
                tls,
            } => {
                let mut builder = match tls {
                    SmtpTls::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                        .map_err(|e| format!("SMTP {host}: {e}"))?,
                    SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                        .map_err(|e| format!("SMTP {host}: {e}"))?,
                    SmtpTls::None => {
                        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host).tls(Tls::None)
                    }
                };
                if let Some(port) = port {
                    builder = builder.port(*port);
                }
                if let (Some(user), Some(password)) = (user, password) {
                    builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
                }
                Transport::Smtp(builder.build())
            }
        };
        Ok(Mailer {
            transport: Arc::new(transport),
            from,
        })
    }

    /// Sends a plain-text message now.
    pub async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|e| format!("recipient: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| e.to_string())?;
        match &*self.transport {
            Transport::Smtp(smtp) => smtp
                .send(message)
                .await
                .map(drop)
                .map_err(|e| e.to_string()),
            Transport::Outbox(file) => file
                .send(message)
                .await
                .map(drop)
                .map_err(|e| e.to_string()),
        }
    }

    /// Sends in the background: the answer to the request does not wait for (or reveal,
    /// by its timing) whether a message was sent.
    pub fn send_later(&self, to: String, subject: &'static str, body: String) {
        let mailer = self.clone();
        tokio::spawn(async move {
            if let Err(err) = mailer.send(&to, subject, body).await {
                tracing::error!(%err, subject, "sending mail failed");
            }
        });
    }
}
