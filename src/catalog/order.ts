/** UTF-8 byte order lives in the model (every stage orders by it); re-exported here for the catalog's own modules. */
export { byteOrder } from '../model/order.js';
