export { byteOrder } from '../model/order.js';
