package user
