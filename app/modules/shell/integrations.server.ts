import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { integrations, type IntegrationState } from "./extension-points";

/**
 * What the program is connected to, and each connection's state (the spec's settings/integrations):
 * single sign-on, e-mail, text messages, push and GIFs from the core, then each plugin's own
 * (the gift-card provider). Read from the deployment and the program's settings; it asks no service.
 */
export function integrationStates(app: AppServices, tenant: Tenant): IntegrationState[] {
  const { config } = tenant;
  const { env } = app;
  const sso: IntegrationState =
    config.program.ssoType === "SAML"
      ? { name: "Single sign-on", connected: config.program.ssoReady, detail: config.program.ssoReady ? "People sign in through the company's SAML identity provider." : "SAML is set up but not switched on yet: people sign in with a password." }
      : { name: "Single sign-on", connected: false, detail: "Not used: people sign in with a username and password." };
  const smsReady = Boolean(env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM);
  const pushReady = Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);
  const core: IntegrationState[] = [
    sso,
    env.SMTP_URL
      ? { name: "E-mail", connected: true, detail: "Sent through the company's mail server." }
      : { name: "E-mail", connected: true, detail: "Kept in the app's outbox: no mail server is configured." },
    !config.notifications.smsEnabled
      ? { name: "Text messages", connected: false, detail: "Switched off for this program." }
      : { name: "Text messages", connected: true, detail: smsReady ? "Sent through the SMS gateway." : "Kept in the app's outbox: no SMS gateway is configured." },
    !config.notifications.pushEnabled
      ? { name: "Push notifications", connected: false, detail: "Switched off for this program." }
      : { name: "Push notifications", connected: pushReady, detail: pushReady ? "Sent to the browsers people allow." : "Not available: the deployment has no push keys." },
    app.gifs ? { name: "GIFs", connected: true, detail: "Posts may add a GIF from GIPHY." } : { name: "GIFs", connected: false, detail: "Not available: the deployment has no GIPHY key." },
  ];
  return [...core, ...app.registry.extensions(config, integrations).map((extension) => extension.value.state({ tenant }))];
}
