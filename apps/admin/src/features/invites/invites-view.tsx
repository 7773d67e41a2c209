import { Card } from '@sieve/ui';
import { InviteGenerator } from './invite-generator';
import { RecentInvitesCard } from './recent-invites-card';

/** The 'invite-codes' view, labelled Invites (spec 02 §2). */
export default function InvitesView() {
  return (
    <section className="adm-view" aria-labelledby="invites-title">
      <header className="adm-view__header">
        <div>
          <h2 id="invites-title" className="adm-view__title">
            Invites
          </h2>
          <p className="adm-view__description">
            Reviewers and admins join with a single-use invite code. Reviewers still need your approval after
            they sign up.
          </p>
        </div>
      </header>
      <div className="adm-columns adm-columns--wide-left">
        <Card className="adm-card">
          <InviteGenerator />
        </Card>
        <Card className="adm-card">
          <RecentInvitesCard />
        </Card>
      </div>
    </section>
  );
}
