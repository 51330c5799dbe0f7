import type { SeatView } from "hearts-client";

import { type HandRow, SEATS, seatName } from "../table";

/** Hand by hand: each seat's points (moons and suns marked), then the totals. */
export function ScoreSheet({ view, rows }: { view: SeatView; rows: readonly HandRow[] }) {
  return (
    <table class="sheet">
      <caption>Score sheet</caption>
      <thead>
        <tr>
          <th scope="col">Hand</th>
          {SEATS.map((seat) => <th scope="col" key={seat}>{seat === view.seat ? "You" : seatName(view, seat)}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.hand}>
            <th scope="row">{row.hand}</th>
            {SEATS.map((seat) => (
              <td key={seat}>
                {row.points[seat]}
                {row.moon === seat ? <span class="mark">{row.sun ? " sun" : " moon"}</span> : null}
                <span class="total"> ({row.totals[seat]})</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
