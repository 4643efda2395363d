import { Link } from '../../app/router';
import { Empty, ReadStates } from '../../ui/states';
import { useMemberAreas, type MemberArea } from './members-api';
import { areaPath, NEW_AREA_PATH } from './paths';
import { MEMBER_TEXTS as T } from './texts';

/** The member areas by name: how access is got, the pages each gates, its live members; New for roles that change them. */
export function AreaList({ mayWrite }: { mayWrite: boolean }) {
  const areas = useMemberAreas(true);
  const rows = areas.data?.memberAreas ?? [];
  return (
    <>
      <div className="members-toolbar">
        <p className="muted members-intro">{T.intro}</p>
        {mayWrite ? (
          <Link to={NEW_AREA_PATH} className="button button-primary">
            {T.newArea}
          </Link>
        ) : null}
      </div>
      {!mayWrite ? <p className="muted">{T.readOnly}</p> : null}
      <ReadStates
        read={areas}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={T.noAreas}>
            <p className="muted">{T.noAreasHelp}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card members-card">
            <table className="data-table members-table stacks-on-phone">
              <caption className="visually-hidden">{T.areasCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.name}</th>
                  <th scope="col">{T.access}</th>
                  <th scope="col">{T.gates}</th>
                  <th scope="col" className="numeric">{T.members}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((area) => (
                  <tr key={area.id}>
                    <th scope="row">
                      <Link to={areaPath(area.id)}>{area.name}</Link>
                    </th>
                    <td data-label={T.access}>{accessText(area)}</td>
                    <td data-label={T.gates}>{area.pages.length > 0 ? area.pages.map((page) => page.title).join(', ') : <span className="muted">{T.noPages}</span>}</td>
                    <td data-label={T.members} className="numeric">{area.activeMemberCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ReadStates>
    </>
  );
}

export function accessText(area: MemberArea): string {
  if (area.access === 'free' || !area.paywallProduct) return T.freeAccess;
  return T.paidAccess(`${area.paywallProduct.name} (${area.paywallProduct.priceLabel})`);
}
