import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useSubPath } from '../../app/router';
import { EDITOR_MESSAGES } from '../../ui/messages';
import { Empty } from '../../ui/states';
import { OrderDetail } from './OrderDetail';
import { OrderList } from './OrderList';
import { ORDER_TEXTS } from './texts';
import './orders.css';

/**
 * The Orders screen: `/config/orders` is the list (filters in the address, refetched every 15 s while the
 * tab is visible), `/config/orders/<orderId>` one order with what the role may do to it.
 */
export default function OrdersScreen() {
  const segments = useSubPath();
  const mayRead = useCan('orders:read');
  if (!mayRead) {
    return (
      <>
        <ScreenHeading>{ORDER_TEXTS.title}</ScreenHeading>
        <Empty title="Your role does not include orders">
          <p>Orders hold customers' details, so only the roles that read orders see them. Ask an admin if you need them.</p>
        </Empty>
      </>
    );
  }
  if (segments.length === 0) return <OrderList />;
  if (segments.length === 1) return <OrderDetail key={segments[0]} orderId={segments[0]!} />;
  return (
    <>
      <ScreenHeading>{ORDER_TEXTS.title}</ScreenHeading>
      <Empty title={EDITOR_MESSAGES.unableToLocateContent} />
    </>
  );
}
