import type { Plan } from '@sieve/contracts';
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Glyph,
  Icon,
  Spinner,
  UsageBar,
} from '@sieve/ui';
import { useState } from 'react';
import { formatDollars } from '../dashboard/dashboard-stats';
import {
  BILLING_ERRORS,
  billingErrorMessage,
  browser,
  cancelSubscription,
  createCheckoutSession,
  createPortalSession,
  type Subscription,
  updateSubscription,
  usePlans,
  useSubscription,
} from './api';
import './billing.css';
import { FREE_PLAN_ID, formatMonthlyPrice, limitReachedMessage, monthCost, planLabel } from './plan-cost';

export { formatMonthlyPrice, planLabel };

/** spec 02 §9: upgrade cards show the non-free plans that cost more than 0. */
export function upgradePlans(plans: readonly Plan[]): Plan[] {
  return plans.filter((plan) => plan.id !== FREE_PLAN_ID && plan.cost > 0);
}

const periodEnd = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function formatPeriodEnd(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : periodEnd.format(date);
}

type Pending = { kind: 'cancel' } | { kind: 'change'; plan: Plan } | null;

function CurrentPlan({
  subscription,
  plan,
  onPortal,
  onCancel,
  isBusy,
}: {
  subscription: Subscription;
  plan: Plan | undefined;
  onPortal: () => void;
  onCancel: () => void;
  isBusy: boolean;
}) {
  const isFree = subscription.plan_id === FREE_PLAN_ID;
  const endsOn = formatPeriodEnd(subscription.current_period_end);
  return (
    <Card as="section" className="rq-billing__plan" aria-labelledby="current-plan-title">
      <div className="rq-billing__plan-top">
        <div>
          <p className="rq-eyebrow">Current plan</p>
          <h2 id="current-plan-title" className="rq-billing__plan-name">
            {planLabel(subscription.plan_id)}
          </h2>
          <p className="sv-muted">
            {subscription.plan_name}
            {endsOn && !isFree ? ` · ${subscription.cancel_at_period_end ? 'ends' : 'renews'} ${endsOn}` : ''}
          </p>
        </div>
        <Badge tone={subscription.subscription_status === 'active' ? 'success' : 'warning'} hasDot>
          {subscription.subscription_status.replace(/_/g, ' ')}
        </Badge>
      </div>
      {plan ? (
        <div className="rq-billing__includes">
          <p className="rq-eyebrow">Included</p>
          <ul className="rq-plan__features">
            {plan.features.map((feature) => (
              <li key={feature}>
                <Icon name="check" className="rq-plan__check" size={14} />
                {feature}
              </li>
            ))}
          </ul>
          <p className="sv-muted rq-billing__limits">
            Limits: {plan.limits.daily.toLocaleString('en-US')} requests a day ·{' '}
            {plan.limits.weekly.toLocaleString('en-US')} a week ·{' '}
            {plan.limits.monthly.toLocaleString('en-US')} a month
          </p>
        </div>
      ) : null}
      {subscription.cancel_at_period_end ? (
        <Banner tone="info">
          Your subscription is cancelled and ends {endsOn ? `on ${endsOn}` : 'at the end of the period'}. You
          keep the {subscription.plan_name} limits until then.
        </Banner>
      ) : null}
      <div className="rq-billing__plan-actions">
        {subscription.has_stripe_customer ? (
          <Button onClick={onPortal} disabled={isBusy || !subscription.billing_enabled}>
            <Glyph name="external-link" /> Manage Billing
          </Button>
        ) : null}
        {!isFree && !subscription.cancel_at_period_end ? (
          <Button variant="ghost" onClick={onCancel} disabled={isBusy || !subscription.billing_enabled}>
            Cancel Subscription
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function Usage({ subscription, plan }: { subscription: Subscription; plan: Plan | undefined }) {
  const { daily, weekly, monthly } = subscription.usage;
  const cost = monthCost(subscription, plan);
  const reached = limitReachedMessage(subscription.usage);
  return (
    <Card as="section" className="rq-billing__usage" aria-labelledby="usage-title">
      <h2 id="usage-title" className="sv-card__title">
        Usage
      </h2>
      {reached ? <p className="rq-billing__reached">{reached}</p> : null}
      <div className="rq-billing__bars">
        <UsageBar label="Daily" used={daily.used} limit={daily.limit} />
        <UsageBar label="Weekly" used={weekly.used} limit={weekly.limit} />
        <UsageBar label="Monthly" used={monthly.used} limit={monthly.limit} />
      </div>
      <p className="rq-billing__note sv-muted">
        This month: <strong>{formatDollars(cost.amount)}</strong> · {cost.basis}. Days are UTC days, weeks
        start on Monday, months on the 1st.
      </p>
    </Card>
  );
}

function PlanCard({
  plan,
  subscription,
  isBusy,
  isWorking,
  onChoose,
}: {
  plan: Plan;
  subscription: Subscription;
  isBusy: boolean;
  isWorking: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const isCurrent = plan.id === subscription.plan_id;
  const isFree = subscription.plan_id === FREE_PLAN_ID;
  const canBuy = subscription.billing_enabled && plan.price_id !== null;
  const label = isCurrent ? 'Current Plan' : isFree ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`;
  return (
    <article
      className={isCurrent ? 'rq-plan rq-plan--current' : 'rq-plan'}
      aria-labelledby={`plan-${plan.id}`}
    >
      <header className="rq-plan__header">
        <h3 id={`plan-${plan.id}`} className="rq-plan__name">
          {plan.name}
        </h3>
        {isCurrent ? <Badge tone="success">Current</Badge> : null}
      </header>
      <p className="rq-plan__price">
        <span className="rq-plan__amount">{formatMonthlyPrice(plan.cost).replace('/month', '')}</span>
        <span className="sv-muted">/month</span>
      </p>
      <p className="sv-muted rq-plan__description">{plan.description}</p>
      <ul className="rq-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" className="rq-plan__check" size={14} />
            {feature}
          </li>
        ))}
        <li className="sv-muted">
          {plan.limits.daily.toLocaleString('en-US')} a day · {plan.limits.weekly.toLocaleString('en-US')} a
          week
        </li>
      </ul>
      <Button
        variant={isCurrent ? 'secondary' : 'primary'}
        isFullWidth
        disabled={isCurrent || isBusy || !canBuy}
        onClick={() => onChoose(plan)}
      >
        {isWorking ? 'Redirecting...' : label}
      </Button>
    </article>
  );
}

/** spec 02 §2 Billing view: the plan, usage bars, upgrade cards, portal, cancel and change plan. */
export default function BillingView() {
  const subscription = useSubscription();
  const plans = usePlans();
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  if (subscription.isLoading) return <Spinner label="Loading billing information" />;

  if (subscription.error) {
    return (
      <Card as="section">
        <EmptyState
          icon="alert"
          title="Unable to Load Plan Information"
          description={billingErrorMessage(subscription.error, BILLING_ERRORS.loadBilling)}
          action={
            <Button variant="primary" onClick={() => void subscription.mutate()}>
              Try Again
            </Button>
          }
        />
      </Card>
    );
  }

  const current = subscription.data;
  if (!current?.usage) {
    return (
      <Card as="section">
        <EmptyState
          glyph="credit-card"
          title="No Subscription Data"
          description="We could not find a plan for your account yet."
          action={<Button onClick={() => void subscription.mutate()}>Refresh</Button>}
        />
      </Card>
    );
  }

  const run = async (key: string, action: () => Promise<void>, fallback: string) => {
    setBusy(key);
    setActionError(null);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setActionError(billingErrorMessage(error, fallback));
    } finally {
      setBusy(null);
    }
  };

  const checkout = (plan: Plan) =>
    run(
      plan.id,
      async () => {
        if (!plan.price_id) throw new Error(BILLING_ERRORS.checkout);
        const { url } = await createCheckoutSession(plan.price_id);
        browser.redirect(url);
      },
      BILLING_ERRORS.checkout,
    );

  const openPortal = () =>
    run(
      'portal',
      async () => {
        const { url } = await createPortalSession();
        browser.redirect(url);
      },
      BILLING_ERRORS.openPortal,
    );

  const confirmPending = async () => {
    if (!pending) return;
    if (pending.kind === 'cancel') {
      await run('cancel', cancelSubscription, BILLING_ERRORS.cancel);
      setNotice('Your subscription will end at the close of the current billing period.');
    } else {
      const { plan } = pending;
      await run('change', () => updateSubscription(plan.price_id ?? ''), BILLING_ERRORS.update);
      setNotice(`Your plan is changing to ${plan.name}.`);
    }
    setPending(null);
    await subscription.mutate();
  };

  const offered = upgradePlans(plans.data?.plans ?? []);
  const isFree = current.plan_id === FREE_PLAN_ID;

  return (
    <div className="rq-billing">
      {!current.billing_enabled ? (
        <Banner tone="info">
          Billing is not configured on this server, so plans cannot be bought or changed here. Your plan and
          usage are shown as usual.
        </Banner>
      ) : null}
      {actionError ? <Banner tone="error">{actionError}</Banner> : null}
      {notice && !actionError ? <Banner tone="success">{notice}</Banner> : null}

      <div className="rq-billing__top">
        <CurrentPlan
          subscription={current}
          plan={plans.data?.plans?.find((plan) => plan.id === current.plan_id)}
          isBusy={busy !== null}
          onPortal={openPortal}
          onCancel={() => setPending({ kind: 'cancel' })}
        />
        <Usage subscription={current} plan={plans.data?.plans?.find((plan) => plan.id === current.plan_id)} />
      </div>

      <section className="rq-billing__plans" aria-labelledby="plans-title">
        <h2 id="plans-title" className="rq-billing__plans-title">
          {isFree ? 'Upgrade your plan' : 'Plans'}
        </h2>
        {plans.error ? (
          <Banner tone="error">
            {billingErrorMessage(plans.error, BILLING_ERRORS.plans)}{' '}
            <Button size="sm" variant="ghost" onClick={() => void plans.mutate()}>
              Try Again
            </Button>
          </Banner>
        ) : plans.isLoading ? (
          <Spinner size="sm" label="Loading plans" />
        ) : (
          <div className="rq-billing__grid">
            {offered.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                subscription={current}
                isBusy={busy !== null}
                isWorking={busy === plan.id}
                onChoose={(chosen) =>
                  isFree ? void checkout(chosen) : setPending({ kind: 'change', plan: chosen })
                }
              />
            ))}
          </div>
        )}
      </section>

      <ConfirmDialog
        isOpen={pending?.kind === 'cancel'}
        tone="danger"
        title="Cancel your subscription?"
        description={`You keep the ${current.plan_name} plan until the end of the billing period${
          formatPeriodEnd(current.current_period_end)
            ? ` (${formatPeriodEnd(current.current_period_end)})`
            : ''
        }, then move to the Free plan.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Plan"
        busyLabel="Cancelling..."
        isBusy={busy === 'cancel'}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        isOpen={pending?.kind === 'change'}
        title={pending?.kind === 'change' ? `Switch to ${pending.plan.name}?` : 'Switch plan?'}
        description={
          pending?.kind === 'change'
            ? `Your subscription moves from ${current.plan_name} to ${pending.plan.name} at ${formatMonthlyPrice(
                pending.plan.cost,
              )}; Stripe prorates the difference.`
            : undefined
        }
        confirmLabel="Switch Plan"
        busyLabel="Switching..."
        isBusy={busy === 'change'}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
