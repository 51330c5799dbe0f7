import type { SeatView } from "hearts-client";

import { type HandRow, SEATS, who } from "../table";

/** Hand by hand, each seat's points (moons and suns marked), then the totals. */
export function ScoreSheet({ view, rows }: { view: SeatView; rows: readonly HandRow[] }) {
  const totals = rows.at(-1)?.totals;
  return (
    <table class="sheet">
      <caption>Score sheet</caption>
      <thead>
        <tr>
          <th scope="col">Hand</th>
          {SEATS.map((seat) => <th scope="col" key={seat}>{who(view, seat)}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.hand}>
            <th scope="row">{row.hand}</th>
            {SEATS.map((seat) => (
              <td key={seat}>
                {row.moon === seat ? <span class="mark">{row.sun ? "sun " : "moon "}</span> : null}
                {row.points[seat]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {totals ? (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {SEATS.map((seat) => <td key={seat}>{totals[seat]}</td>)}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
