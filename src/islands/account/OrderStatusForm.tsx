import { ORDER_STATUS_TEXT } from '../../../core/orders/order-status';
import { OrderLookupForm } from '../shared/OrderLookupForm';
import styles from '../shared/Account.module.css';

/**
 * The "Order status" form: the order number and its email; the signed link to the order is
 * emailed to the order's address. The answer is the same whether or not an order matched.
 */
export function OrderStatusForm() {
  return (
    <section aria-labelledby="find-order" data-order-status-form>
      <h2 id="find-order">Find your order</h2>
      <p className={styles.hint}>
        Ordered without an account? Enter your order number and the email you used, and we will
        email you a link to the order.
      </p>
      <OrderLookupForm
        path="/orders/status-link"
        name="Email me a link to my order"
        submitLabel="Email me a link"
        doneText={ORDER_STATUS_TEXT.requested}
        failedText={ORDER_STATUS_TEXT.failed}
      />
    </section>
  );
}
