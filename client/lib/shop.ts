/** Where the shop is: the Contact page's address and where booked bikes are picked up. */
export const SHOP_ADDRESS = 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh';
