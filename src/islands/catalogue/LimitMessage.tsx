/**
 * spec §5 and §8: the cart limit sentence, pointing to the contact page for larger orders (not for
 * a digital item, bought once: `contact` false).
 */
export default function LimitMessage({
  message,
  contact = true,
}: {
  message: string;
  contact?: boolean;
}) {
  return (
    <p className="limit" data-testid="limit-message">
      {/[.!?]$/.test(message) ? message : `${message}.`}
      {contact && (
        <>
          {' '}
          Need more? <a href="/contactus">Contact us</a> and we will help.
        </>
      )}
    </p>
  );
}
